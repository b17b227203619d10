import { InboxOutlined } from '@ant-design/icons';
import { history } from '@umijs/max';
import { Badge } from 'antd';
import React from 'react';
import { useOperation } from '@/components/Access';
import { useLive } from '@/hooks/useLive';
import { probeTodo, TODO_LIVE } from '@/services/process';
import { formatMessage } from '@/utils/intl';

/**
 * Header badge: the user's open process tasks; opens the inbox. It follows the live key the
 * inbox follows (a poll every 5 s while the tab is visible), so both show the same count.
 */
const TodoBadge: React.FC = () => {
  const { can } = useOperation();
  const allowed = can('process:inbox:query');
  const count = useLive(allowed ? TODO_LIVE : undefined, probeTodo).value?.count ?? 0;
  if (!allowed) return null;
  return (
    <button
      type="button"
      className="venue-header-action"
      title={formatMessage({ id: 'process.inbox.todo' })}
      onClick={() => history.push('/process/user/tasks')}
      data-testid="todo-badge"
    >
      <Badge count={count} size="small" overflowCount={99}>
        <InboxOutlined style={{ fontSize: 16 }} />
      </Badge>
    </button>
  );
};

export default TodoBadge;
