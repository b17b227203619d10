/** /process/task: every task in the caller's scope (administrators), filtered by status and assignee. */
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import React, { useRef, useState } from 'react';
import { t } from '../components/labels';
import TaskDrawer from '../components/TaskDetail';
import { taskColumns } from '../components/taskColumns';
import { PeopleSelect } from '@/components/FormilyRenderer';
import { listAllTasks, type TaskView } from '@/services/process';

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
      <ProTable<TaskView>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        headerTitle={t('menu.process.task')}
        search={{ labelWidth: 'auto' }}
        request={async (params) => {
          const page = await listAllTasks({
            pageNo: params.current,
            pageSize: params.pageSize,
            keyword: params.keyword,
            definitionKey: params.definitionKey,
            status: params.status,
            assigneeId: params.assigneeId,
          });
          return { data: page.records, total: page.total, success: true };
        }}
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
