import { InboxOutlined } from '@ant-design/icons';
import { history } from '@umijs/max';
import { Badge } from 'antd';
import React, { useEffect, useState } from 'react';
import { useOperation } from '@/components/Access';
import { todoCount, TODO_CHANGED_EVENT } from '@/services/process';
import { formatMessage } from '@/utils/intl';

const POLL_MS = 60_000;

/** Header badge: the user's open process tasks; opens the inbox. */
const TodoBadge: React.FC = () => {
  const { can } = useOperation();
  const allowed = can('process:inbox:query');
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!allowed) return undefined;
    const load = () =>
      todoCount()
        .then((c) => setCount(c.count))
        .catch(() => undefined);
    load();
    const timer = setInterval(load, POLL_MS);
    window.addEventListener(TODO_CHANGED_EVENT, load);
    return () => {
      clearInterval(timer);
      window.removeEventListener(TODO_CHANGED_EVENT, load);
    };
  }, [allowed]);
  if (!allowed) return null;
  return (
    <span
      className="venue-header-action"
      title={formatMessage({ id: 'process.inbox.todo' })}
      onClick={() => history.push('/process/user/tasks')}
      data-testid="todo-badge"
    >
      <Badge count={count} size="small" overflowCount={99}>
        <InboxOutlined style={{ fontSize: 16 }} />
      </Badge>
    </span>
  );
};

export default TodoBadge;
