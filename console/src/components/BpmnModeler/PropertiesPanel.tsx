/**
 * Properties panel of the modeler (antd): edits the element's BPMN attributes and our
 * `venue:` extension through bpmn-js commands (undoable), so values land in the XML.
 * Each element kind's fields are a section of their own (properties/, one file per kind,
 * listed in properties/index.ts).
 */
import { Collapse, Empty, Form, Typography } from 'antd';
import React, { useEffect, useMemo, useState } from 'react';
import { SECTIONS } from './properties';
import LazyInput from './properties/LazyInput';
import { t, type Any, type SectionProps } from './properties/section';
import type { ProcessForm } from '@/services/process';

export interface PanelProps {
  modeler: Any;
  element: Any | undefined;
  forms: ProcessForm[];
  roles: { code: string; name: string }[];
}

export const PropertiesPanel: React.FC<PanelProps> = ({ modeler, element, forms, roles }) => {
  const [, setTick] = useState(0);
  useEffect(() => {
    const bus = modeler.get('eventBus');
    const bump = () => setTick((n) => n + 1);
    bus.on('elements.changed', bump);
    bus.on('import.done', bump);
    return () => {
      bus.off('elements.changed', bump);
      bus.off('import.done', bump);
    };
  }, [modeler]);

  const modeling = modeler.get('modeling');
  const moddle = modeler.get('moddle');
  const canvas = modeler.get('canvas');
  const target = element ?? canvas.getRootElement();
  const bo = target?.businessObject;
  const formOptions = useMemo(
    () => forms.map((f) => ({ label: `${f.name} (${f.key})`, value: f.key })),
    [forms],
  );

  if (!bo) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;

  const set = (props: Record<string, unknown>) => modeling.updateProperties(target, props);
  const setVenue = (name: string, value: unknown) =>
    set({ [`venue:${name}`]: value === '' || value === null ? undefined : value });
  const venue = (name: string) => (bo.get(`venue:${name}`) as string | undefined) ?? undefined;

  const setExtension = (type: string, values: Any[] | undefined) => {
    const others = (bo.extensionElements?.values ?? []).filter((v: Any) => v.$type !== type);
    const all = [...others, ...(values ?? [])];
    const ext = all.length ? moddle.create('bpmn:ExtensionElements', { values: all }) : undefined;
    set({ extensionElements: ext });
  };

  const header = (
    <>
      <Typography.Text type="secondary">{bo.$type.replace('bpmn:', '')}</Typography.Text>
      <Form.Item label={t('process.model.prop.id')}>
        <LazyInput value={bo.id} onCommit={(v) => v && set({ id: v })} testId="prop-id" />
      </Form.Item>
      <Form.Item label={t('process.model.prop.name')}>
        <LazyInput
          value={bo.name}
          onCommit={(v) => set({ name: v || undefined })}
          testId="prop-name"
        />
      </Form.Item>
    </>
  );

  const props: SectionProps = {
    modeler,
    modeling,
    moddle,
    target,
    bo,
    eventDef: bo.eventDefinitions?.[0],
    forms,
    formOptions,
    roles,
    set,
    setVenue,
    venue,
    setExtension,
  };
  const sections = SECTIONS.filter((s) => s.applies(bo));

  return (
    <Form layout="vertical" size="small" data-testid="bpmn-properties" key={bo.id}>
      {header}
      <Form.Item label={t('process.model.prop.documentation')}>
        <LazyInput
          textarea
          value={bo.documentation?.[0]?.text}
          onCommit={(v) =>
            set({ documentation: v ? [moddle.create('bpmn:Documentation', { text: v })] : [] })
          }
        />
      </Form.Item>
      {sections.length > 0 && (
        <Collapse
          size="small"
          defaultActiveKey={sections.map((s) => s.key)}
          items={sections.map(({ key, label, Body }) => ({
            key,
            label: t(label),
            children: <Body {...props} />,
          }))}
        />
      )}
    </Form>
  );
};

export default PropertiesPanel;
