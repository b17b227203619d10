import { Form, InputNumber, Select, Switch } from 'antd';
import React from 'react';
import { MULTI_MODES } from '../xml';
import LazyInput from './LazyInput';
import { t, is, type SectionProps } from './section';

/** A user task done by several people (multi-instance): mode, collection, completion. */
const UserTaskMultiSection: React.FC<SectionProps> = ({ modeling, moddle, target, bo, set }) => {
  const lc = bo.loopCharacteristics;
  const multi = is(lc, 'bpmn:MultiInstanceLoopCharacteristics') ? lc : undefined;
  const setMulti = (props: Record<string, unknown>) =>
    modeling.updateModdleProperties(target, multi, props);
  return (
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
                onChange={(v) => setMulti({ 'venue:ratio': v === null ? undefined : String(v) })}
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
  );
};

export default UserTaskMultiSection;
