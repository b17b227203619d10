import { Form, Select } from 'antd';
import React from 'react';
import { ASSIGNEE_STRATEGIES, splitList } from '../xml';
import LazyInput from './LazyInput';
import { t, type SectionProps } from './section';

/** A user task's assignees: strategy, users, roles, or the assignee of an earlier task. */
const UserTaskAssigneeSection: React.FC<SectionProps> = ({ roles, setVenue, venue }) => {
  const strategy = venue('assigneeStrategy') ?? '';
  const roleOptions = roles.map((r) => ({ label: `${r.name} (${r.code})`, value: r.code }));
  return (
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
      <Form.Item label={t('process.model.prop.dueDate')} tooltip={t('process.model.help.duration')}>
        <LazyInput
          value={venue('dueDate')}
          placeholder="P2D"
          onCommit={(v) => setVenue('dueDate', v)}
        />
      </Form.Item>
    </>
  );
};

export default UserTaskAssigneeSection;
