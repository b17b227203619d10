import { Form, Select } from 'antd';
import React from 'react';
import LazyInput from './LazyInput';
import { t, type SectionProps } from './section';

/** A timer event: duration, date or cycle. */
const TimerEventSection: React.FC<SectionProps> = ({ modeling, moddle, target, eventDef }) => {
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
  return (
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
  );
};

export default TimerEventSection;
