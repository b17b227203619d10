import { Checkbox, Form, Select } from 'antd';
import React from 'react';
import { REJECT_MODES, splitList, TASK_ACTIONS, TIMEOUT_ACTIONS } from '../xml';
import LazyInput from './LazyInput';
import { t, is, type SectionProps, type Any } from './section';

/** A user task's actions, rejection and time-out. */
const UserTaskBehaviourSection: React.FC<SectionProps> = ({ modeler, bo, setVenue, venue }) => {
  const canvas = modeler.get('canvas');
  const userTasks = (canvas.getRootElement().businessObject.flowElements ?? [])
    .filter((e: Any) => is(e, 'bpmn:UserTask') && e.id !== bo.id)
    .map((e: Any) => ({ label: e.name || e.id, value: e.id }));
  return (
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
  );
};

export default UserTaskBehaviourSection;
