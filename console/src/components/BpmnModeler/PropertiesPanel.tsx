/**
 * Properties panel of the modeler (antd): edits the element's BPMN attributes and our
 * `venue:` extension through bpmn-js commands (undoable), so values land in the XML.
 */
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Checkbox,
  Collapse,
  Empty,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import React, { useEffect, useMemo, useState } from 'react';
import {
  ASSIGNEE_STRATEGIES,
  MULTI_MODES,
  readFieldPerms,
  REJECT_MODES,
  splitList,
  TASK_ACTIONS,
  TIMEOUT_ACTIONS,
} from './xml';
import { schemaFields } from '@/components/FormilyDesigner/model';
import type { ProcessForm } from '@/services/process';
import { formatMessage } from '@/utils/intl';

const t = (id: string) => formatMessage({ id });

type Any = any;

export interface PanelProps {
  modeler: Any;
  element: Any | undefined;
  forms: ProcessForm[];
  roles: { code: string; name: string }[];
}

/** Keeps a text input local while typing; writes on blur / Enter. */
const LazyInput: React.FC<{
  value?: string;
  onCommit: (v: string) => void;
  placeholder?: string;
  textarea?: boolean;
  testId?: string;
}> = ({ value, onCommit, placeholder, textarea, testId }) => {
  const [local, setLocal] = useState(value ?? '');
  useEffect(() => setLocal(value ?? ''), [value]);
  const commit = () => {
    if ((value ?? '') !== local) onCommit(local);
  };
  return textarea ? (
    <Input.TextArea
      rows={3}
      value={local}
      placeholder={placeholder}
      onChange={(e) => setLocal(e.target.value)}
      onBlur={commit}
      data-testid={testId}
    />
  ) : (
    <Input
      value={local}
      placeholder={placeholder}
      onChange={(e) => setLocal(e.target.value)}
      onBlur={commit}
      onPressEnter={commit}
      data-testid={testId}
    />
  );
};

const is = (bo: Any, type: string) => bo?.$instanceOf?.(type);

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

  const sections: { key: string; label: string; children: React.ReactNode }[] = [];

  // --- process
  if (is(bo, 'bpmn:Process') || is(bo, 'bpmn:Collaboration')) {
    const proc = is(bo, 'bpmn:Process') ? bo : bo.participants?.[0]?.processRef;
    if (proc) {
      sections.push({
        key: 'process',
        label: t('process.model.section.process'),
        children: (
          <Form.Item label={t('process.model.prop.executable')}>
            <Switch
              checked={proc.isExecutable !== false}
              onChange={(v) => modeling.updateModdleProperties(target, proc, { isExecutable: v })}
            />
          </Form.Item>
        ),
      });
    }
  }

  // --- start event: form
  if (is(bo, 'bpmn:StartEvent')) {
    sections.push({
      key: 'form',
      label: t('process.model.section.form'),
      children: (
        <Form.Item
          label={t('process.model.prop.formKey')}
          tooltip={t('process.model.help.startForm')}
        >
          <Select
            allowClear
            showSearch
            options={formOptions}
            value={venue('formKey')}
            onChange={(v) => setVenue('formKey', v)}
            data-testid="prop-formKey"
          />
        </Form.Item>
      ),
    });
  }

  // --- user task
  if (is(bo, 'bpmn:UserTask')) {
    const strategy = venue('assigneeStrategy') ?? '';
    const formKey = venue('formKey');
    const form = forms.find((f) => f.key === formKey);
    const fields = form ? schemaFields(form.schema) : [];
    const perms = readFieldPerms(bo);
    const setPerm = (name: string, access: string | undefined) => {
      const next = { ...perms };
      if (access) next[name] = access;
      else delete next[name];
      const entries = Object.entries(next);
      setExtension(
        'venue:FieldPermissions',
        entries.length
          ? [
              moddle.create('venue:FieldPermissions', {
                fields: entries.map(([n, a]) =>
                  moddle.create('venue:Field', { name: n, access: a }),
                ),
              }),
            ]
          : undefined,
      );
    };
    const userTasks = (canvas.getRootElement().businessObject.flowElements ?? [])
      .filter((e: Any) => is(e, 'bpmn:UserTask') && e.id !== bo.id)
      .map((e: Any) => ({ label: e.name || e.id, value: e.id }));
    const roleOptions = roles.map((r) => ({ label: `${r.name} (${r.code})`, value: r.code }));
    sections.push({
      key: 'assignee',
      label: t('process.model.section.assignee'),
      children: (
        <>
          <Form.Item label={t('process.model.prop.strategy')}>
            <Select
              allowClear
              value={strategy || undefined}
              options={ASSIGNEE_STRATEGIES.map((s) => ({
                label: t(`process.model.strategy.${s}`),
                value: s,
              }))}
              onChange={(v) => setVenue('assigneeStrategy', v)}
              data-testid="prop-strategy"
            />
          </Form.Item>
          {(strategy === 'user' ||
            strategy === 'formField' ||
            strategy === 'expression' ||
            !strategy) && (
            <Form.Item
              label={t(
                strategy === 'formField'
                  ? 'process.model.prop.assigneeField'
                  : strategy === 'expression'
                    ? 'process.model.prop.assigneeExpression'
                    : 'process.model.prop.assignee',
              )}
            >
              <LazyInput
                value={venue('assignee')}
                onCommit={(v) => setVenue('assignee', v)}
                testId="prop-assignee"
              />
            </Form.Item>
          )}
          {(strategy === 'user' || strategy === 'role' || !strategy) && (
            <Form.Item label={t('process.model.prop.candidateUsers')}>
              <Select
                mode="tags"
                value={splitList(venue('candidateUsers'))}
                onChange={(v: string[]) => setVenue('candidateUsers', v.join(','))}
                tokenSeparators={[',']}
                open={false}
                data-testid="prop-candidateUsers"
              />
            </Form.Item>
          )}
          {(strategy === 'role' || strategy === 'user' || !strategy) && (
            <Form.Item label={t('process.model.prop.candidateRoles')}>
              <Select
                mode="tags"
                value={splitList(venue('candidateRoles'))}
                options={roleOptions}
                onChange={(v: string[]) => setVenue('candidateRoles', v.join(','))}
                tokenSeparators={[',']}
                data-testid="prop-candidateRoles"
              />
            </Form.Item>
          )}
          {strategy === 'orgLeader' && (
            <Form.Item label={t('process.model.prop.org')}>
              <LazyInput value={venue('org')} onCommit={(v) => setVenue('org', v)} />
            </Form.Item>
          )}
          <Form.Item
            label={t('process.model.prop.dueDate')}
            tooltip={t('process.model.help.duration')}
          >
            <LazyInput
              value={venue('dueDate')}
              placeholder="P2D"
              onCommit={(v) => setVenue('dueDate', v)}
            />
          </Form.Item>
        </>
      ),
    });
    sections.push({
      key: 'form',
      label: t('process.model.section.form'),
      children: (
        <>
          <Form.Item label={t('process.model.prop.formKey')}>
            <Select
              allowClear
              showSearch
              options={formOptions}
              value={formKey}
              onChange={(v) => setVenue('formKey', v)}
              data-testid="prop-formKey"
            />
          </Form.Item>
          {fields.length > 0 && (
            <Form.Item label={t('process.model.prop.fieldPerms')}>
              <Space direction="vertical" style={{ width: '100%' }}>
                {fields.map((f) => (
                  <Space key={f.name} style={{ justifyContent: 'space-between', width: '100%' }}>
                    <span>{f.title}</span>
                    <Select
                      size="small"
                      style={{ width: 110 }}
                      value={perms[f.name] ?? 'write'}
                      options={['write', 'read', 'hidden'].map((a) => ({
                        label: t(`process.model.access.${a}`),
                        value: a,
                      }))}
                      onChange={(v) =>
                        setPerm(f.name, v === 'write' && !perms[f.name] ? undefined : v)
                      }
                      data-testid={`perm-${f.name}`}
                    />
                  </Space>
                ))}
              </Space>
            </Form.Item>
          )}
        </>
      ),
    });
    const lc = bo.loopCharacteristics;
    const multi = is(lc, 'bpmn:MultiInstanceLoopCharacteristics') ? lc : undefined;
    const setMulti = (props: Record<string, unknown>) =>
      modeling.updateModdleProperties(target, multi, props);
    sections.push({
      key: 'behaviour',
      label: t('process.model.section.behaviour'),
      children: (
        <>
          <Form.Item label={t('process.model.prop.actions')}>
            <Checkbox.Group
              value={
                venue('actions')
                  ? splitList(venue('actions'))
                  : ['approve', 'reject', 'transfer', 'delegate', 'comment', 'claim']
              }
              options={TASK_ACTIONS.map((a) => ({ label: t(`process.action.${a}`), value: a }))}
              onChange={(v) => setVenue('actions', (v as string[]).join(','))}
            />
          </Form.Item>
          <Form.Item label={t('process.model.prop.rejectMode')}>
            <Select
              allowClear
              value={venue('rejectMode')}
              options={REJECT_MODES.map((m) => ({
                label: t(`process.model.reject.${m}`),
                value: m,
              }))}
              onChange={(v) => setVenue('rejectMode', v)}
            />
          </Form.Item>
          {venue('rejectMode') === 'return' && (
            <Form.Item label={t('process.model.prop.rejectTarget')}>
              <Select
                allowClear
                value={venue('rejectTarget')}
                options={userTasks}
                onChange={(v) => setVenue('rejectTarget', v)}
              />
            </Form.Item>
          )}
          <Form.Item
            label={t('process.model.prop.timeoutAfter')}
            tooltip={t('process.model.help.duration')}
          >
            <LazyInput
              value={venue('timeoutAfter')}
              placeholder="PT24H"
              onCommit={(v) => setVenue('timeoutAfter', v)}
            />
          </Form.Item>
          {venue('timeoutAfter') && (
            <Form.Item label={t('process.model.prop.timeoutAction')}>
              <Select
                allowClear
                value={venue('timeoutAction')}
                options={TIMEOUT_ACTIONS.map((a) => ({
                  label: t(`process.model.timeout.${a}`),
                  value: a,
                }))}
                onChange={(v) => setVenue('timeoutAction', v)}
              />
            </Form.Item>
          )}
        </>
      ),
    });
    sections.push({
      key: 'multi',
      label: t('process.model.section.multi'),
      children: (
        <>
          <Form.Item label={t('process.model.prop.multi')}>
            <Switch
              checked={!!multi}
              onChange={(on) =>
                set({
                  loopCharacteristics: on
                    ? moddle.create('bpmn:MultiInstanceLoopCharacteristics', { mode: 'all' })
                    : undefined,
                })
              }
              data-testid="prop-multi"
            />
          </Form.Item>
          {multi && (
            <>
              <Form.Item label={t('process.model.prop.multiMode')}>
                <Select
                  value={multi.get('venue:mode') ?? (multi.isSequential ? 'sequential' : 'all')}
                  options={MULTI_MODES.map((m) => ({
                    label: t(`process.model.multi.${m}`),
                    value: m,
                  }))}
                  onChange={(v) => setMulti({ 'venue:mode': v, isSequential: v === 'sequential' })}
                />
              </Form.Item>
              {multi.get('venue:mode') === 'ratio' && (
                <Form.Item label={t('process.model.prop.ratio')}>
                  <InputNumber
                    min={0.01}
                    max={1}
                    step={0.1}
                    value={multi.get('venue:ratio') ? Number(multi.get('venue:ratio')) : undefined}
                    onChange={(v) =>
                      setMulti({ 'venue:ratio': v === null ? undefined : String(v) })
                    }
                  />
                </Form.Item>
              )}
              <Form.Item
                label={t('process.model.prop.collection')}
                tooltip={t('process.model.help.collection')}
              >
                <LazyInput
                  value={multi.get('venue:collection')}
                  onCommit={(v) => setMulti({ 'venue:collection': v || undefined })}
                />
              </Form.Item>
              <Form.Item label={t('process.model.prop.elementVariable')}>
                <LazyInput
                  value={multi.get('venue:elementVariable')}
                  onCommit={(v) => setMulti({ 'venue:elementVariable': v || undefined })}
                />
              </Form.Item>
              <Form.Item label={t('process.model.prop.completionCondition')}>
                <LazyInput
                  value={multi.completionCondition?.body}
                  placeholder="${nrOfCompletedInstances >= 2}"
                  onCommit={(v) =>
                    setMulti({
                      completionCondition: v
                        ? moddle.create('bpmn:FormalExpression', { body: v })
                        : undefined,
                    })
                  }
                />
              </Form.Item>
            </>
          )}
        </>
      ),
    });
  }

  // --- service task
  if (is(bo, 'bpmn:ServiceTask')) {
    const inputs: Any[] = (bo.extensionElements?.values ?? []).filter(
      (v: Any) => v.$type === 'venue:Input',
    );
    const writeInputs = (list: { name: string; value: string }[]) =>
      setExtension(
        'venue:Input',
        list.map((i) => moddle.create('venue:Input', i)),
      );
    const plain = inputs.map((i) => ({ name: i.name ?? '', value: i.value ?? '' }));
    sections.push({
      key: 'service',
      label: t('process.model.section.service'),
      children: (
        <>
          <Form.Item label={t('process.model.prop.activity')}>
            <LazyInput value={venue('activity')} onCommit={(v) => setVenue('activity', v)} />
          </Form.Item>
          <Form.Item label={t('process.model.prop.inputs')}>
            <Space direction="vertical" style={{ width: '100%' }}>
              {plain.map((i, idx) => (
                <Space key={idx}>
                  <LazyInput
                    value={i.name}
                    placeholder={t('process.model.prop.inputName')}
                    onCommit={(v) =>
                      writeInputs(plain.map((x, j) => (j === idx ? { ...x, name: v } : x)))
                    }
                  />
                  <LazyInput
                    value={i.value}
                    placeholder="${amount}"
                    onCommit={(v) =>
                      writeInputs(plain.map((x, j) => (j === idx ? { ...x, value: v } : x)))
                    }
                  />
                  <MinusCircleOutlined
                    onClick={() => writeInputs(plain.filter((_, j) => j !== idx))}
                  />
                </Space>
              ))}
              <Button
                size="small"
                icon={<PlusOutlined />}
                onClick={() =>
                  writeInputs([...plain, { name: `input${plain.length + 1}`, value: '' }])
                }
              >
                {t('process.model.prop.addInput')}
              </Button>
            </Space>
          </Form.Item>
          <Form.Item label={t('process.model.prop.result')}>
            <LazyInput value={venue('result')} onCommit={(v) => setVenue('result', v)} />
          </Form.Item>
        </>
      ),
    });
  }

  // --- script task
  if (is(bo, 'bpmn:ScriptTask')) {
    sections.push({
      key: 'script',
      label: t('process.model.section.script'),
      children: (
        <>
          <Form.Item
            label={t('process.model.prop.script')}
            tooltip={t('process.model.help.script')}
          >
            <LazyInput
              textarea
              value={bo.script}
              placeholder="amount * 2"
              onCommit={(v) => set({ scriptFormat: 'expr', script: v || undefined })}
            />
          </Form.Item>
          <Form.Item label={t('process.model.prop.result')}>
            <LazyInput value={venue('result')} onCommit={(v) => setVenue('result', v)} />
          </Form.Item>
        </>
      ),
    });
  }

  // --- call activity
  if (is(bo, 'bpmn:CallActivity')) {
    sections.push({
      key: 'call',
      label: t('process.model.section.call'),
      children: (
        <Form.Item label={t('process.model.prop.calledElement')}>
          <LazyInput
            value={bo.calledElement}
            onCommit={(v) => set({ calledElement: v || undefined })}
          />
        </Form.Item>
      ),
    });
  }

  // --- sequence flow: condition, default
  if (is(bo, 'bpmn:SequenceFlow')) {
    const source = bo.sourceRef;
    const canDefault =
      is(source, 'bpmn:ExclusiveGateway') ||
      is(source, 'bpmn:InclusiveGateway') ||
      is(source, 'bpmn:Activity');
    const isDefault = source?.default === bo;
    const sourceShape = target.source;
    sections.push({
      key: 'condition',
      label: t('process.model.section.condition'),
      children: (
        <>
          <Form.Item
            label={t('process.model.prop.condition')}
            tooltip={t('process.model.help.condition')}
          >
            <LazyInput
              value={bo.conditionExpression?.body}
              placeholder="${amount > 1000}"
              onCommit={(v) =>
                set({
                  conditionExpression: v
                    ? moddle.create('bpmn:FormalExpression', { body: v })
                    : undefined,
                })
              }
              testId="prop-condition"
            />
          </Form.Item>
          {canDefault && sourceShape && (
            <Form.Item label={t('process.model.prop.defaultFlow')}>
              <Switch
                checked={isDefault}
                onChange={(on) =>
                  modeling.updateProperties(sourceShape, { default: on ? bo : undefined })
                }
                data-testid="prop-default"
              />
            </Form.Item>
          )}
        </>
      ),
    });
  }

  // --- events: timer, message, boundary
  const eventDef = bo.eventDefinitions?.[0];
  if (is(eventDef, 'bpmn:TimerEventDefinition')) {
    const kind = eventDef.timeDuration
      ? 'timeDuration'
      : eventDef.timeDate
        ? 'timeDate'
        : eventDef.timeCycle
          ? 'timeCycle'
          : 'timeDuration';
    const value = eventDef[kind]?.body;
    const write = (k: string, v: string) =>
      modeling.updateModdleProperties(target, eventDef, {
        timeDuration: undefined,
        timeDate: undefined,
        timeCycle: undefined,
        [k]: v ? moddle.create('bpmn:FormalExpression', { body: v }) : undefined,
      });
    sections.push({
      key: 'timer',
      label: t('process.model.section.timer'),
      children: (
        <>
          <Form.Item label={t('process.model.prop.timerType')}>
            <Select
              value={kind}
              options={['timeDuration', 'timeDate', 'timeCycle'].map((k) => ({
                label: t(`process.model.timer.${k}`),
                value: k,
              }))}
              onChange={(k) => write(k, value ?? '')}
            />
          </Form.Item>
          <Form.Item
            label={t('process.model.prop.timerValue')}
            tooltip={t('process.model.help.duration')}
          >
            <LazyInput value={value} placeholder="PT15M" onCommit={(v) => write(kind, v)} />
          </Form.Item>
        </>
      ),
    });
  }
  if (is(eventDef, 'bpmn:MessageEventDefinition')) {
    const definitions = modeler.getDefinitions();
    const messages: Any[] = (definitions.rootElements ?? []).filter((r: Any) =>
      is(r, 'bpmn:Message'),
    );
    sections.push({
      key: 'message',
      label: t('process.model.section.message'),
      children: (
        <Form.Item
          label={t('process.model.prop.messageName')}
          tooltip={t('process.model.help.message')}
        >
          <LazyInput
            value={eventDef.messageRef?.name}
            onCommit={(name) => {
              if (!name) {
                modeling.updateModdleProperties(target, eventDef, { messageRef: undefined });
                return;
              }
              let msg = messages.find((m) => m.name === name);
              if (!msg) {
                msg = moddle.create('bpmn:Message', {
                  id: `Message_${Math.random().toString(36).slice(2, 9)}`,
                  name,
                });
                msg.$parent = definitions;
                definitions.rootElements.push(msg);
              }
              modeling.updateModdleProperties(target, eventDef, { messageRef: msg });
            }}
          />
        </Form.Item>
      ),
    });
  }
  if (is(bo, 'bpmn:BoundaryEvent')) {
    sections.push({
      key: 'boundary',
      label: t('process.model.section.boundary'),
      children: (
        <Form.Item label={t('process.model.prop.interrupting')}>
          <Switch
            checked={bo.cancelActivity !== false}
            onChange={(v) => set({ cancelActivity: v })}
          />
        </Form.Item>
      ),
    });
  }

  // --- gateways: default flow
  if (is(bo, 'bpmn:ExclusiveGateway') || is(bo, 'bpmn:InclusiveGateway')) {
    const outgoing: Any[] = bo.outgoing ?? [];
    sections.push({
      key: 'gateway',
      label: t('process.model.section.gateway'),
      children: (
        <Form.Item label={t('process.model.prop.defaultFlow')}>
          <Select
            allowClear
            value={bo.default?.id}
            options={outgoing.map((f) => ({ label: f.name || f.id, value: f.id }))}
            onChange={(id) => set({ default: outgoing.find((f) => f.id === id) })}
          />
          {outgoing.map((f) => (
            <div key={f.id}>
              <Tag>{f.name || f.id}</Tag>
              <Typography.Text type="secondary" code>
                {f.conditionExpression?.body ??
                  (bo.default === f ? t('process.model.prop.defaultFlow') : '')}
              </Typography.Text>
            </div>
          ))}
        </Form.Item>
      ),
    });
  }

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
          items={sections.map((s) => ({ key: s.key, label: s.label, children: s.children }))}
        />
      )}
    </Form>
  );
};

export default PropertiesPanel;
