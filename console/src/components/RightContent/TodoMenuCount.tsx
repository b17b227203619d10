import { Badge } from 'antd';
import React from 'react';
import { useOperation } from '@/components/Access';
import { useLive } from '@/hooks/useLive';
import { probeTodo, TODO_LIVE } from '@/services/process';

export const INBOX_PATH = '/process/user/tasks';

/** The open-task count beside "My tasks" in the side menu (the same live key as the header badge). */
const TodoMenuCount: React.FC = () => {
  const { can } = useOperation();
  const allowed = can('process:inbox:query');
  const count = useLive(allowed ? TODO_LIVE : undefined, probeTodo).value?.count ?? 0;
  if (!count) return null;
  return (
    <Badge count={count} size="small" overflowCount={99} style={{ marginInlineStart: 8 }} data-testid="todo-menu-count" />
  );
};

export default TodoMenuCount;
