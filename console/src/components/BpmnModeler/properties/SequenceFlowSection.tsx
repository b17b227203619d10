import { Form, Switch } from 'antd';
import React from 'react';
import LazyInput from './LazyInput';
import { t, is, type SectionProps } from './section';

/** A sequence flow: its condition, and whether it is the default way out. */
const SequenceFlowSection: React.FC<SectionProps> = ({ modeling, moddle, target, bo, set }) => {
  const source = bo.sourceRef;
  const canDefault =
    is(source, 'bpmn:ExclusiveGateway') ||
    is(source, 'bpmn:InclusiveGateway') ||
    is(source, 'bpmn:Activity');
  const isDefault = source?.default === bo;
  const sourceShape = target.source;
  return (
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
  );
};

export default SequenceFlowSection;
