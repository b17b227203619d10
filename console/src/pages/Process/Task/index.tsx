/** /process/task: every task in the caller's scope (administrators), filtered by status and assignee. */
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { ResponsiveTable } from '@/components/Responsive';
import React, { useRef, useState } from 'react';
import { t } from '../components/labels';
import TaskDrawer from '../components/TaskDetail';
import { taskColumns } from '../components/taskColumns';
import { PeopleSelect } from '@/components/FormilyRenderer';
import { listAllTasks, type TaskView } from '@/services/process';
import { tableRequest } from '@/utils/table';

const TaskPage: React.FC = () => {
  const actionRef = useRef<ActionType>();
  const [openId, setOpenId] = useState<number>();
  const columns: ProColumns<TaskView>[] = [
    ...taskColumns(setOpenId, { admin: true }),
    {
      title: t('process.task.assignee'),
      dataIndex: 'assigneeId',
      hideInTable: true,
      renderFormItem: () => <PeopleSelect />,
    },
  ];
  return (
    <>
      <ResponsiveTable<TaskView>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        headerTitle={t('menu.process.task')}
        search={{ labelWidth: 'auto' }}
        request={tableRequest(listAllTasks, {
          query: (p) => ({
            keyword: p.keyword,
            definitionKey: p.definitionKey,
            status: p.status,
            assigneeId: p.assigneeId,
          }),
        })}
      />
      <TaskDrawer
        id={openId}
        onClose={() => setOpenId(undefined)}
        onChanged={() => actionRef.current?.reload()}
      />
    </>
  );
};

export default TaskPage;
