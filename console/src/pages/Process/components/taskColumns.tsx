/** Columns of task lists (inbox tabs and the administrators' list). */
import type { ProColumns } from '@ant-design/pro-components';
import { Tag } from 'antd';
import { outcomeLabel, StateTag, t } from './labels';
import type { TaskView } from '@/services/process';
import { formatStaffTime } from '@/utils/zone';
import ActionLink from '@/components/ActionLink';

export const taskColumns = (
  open: (id: number) => void,
  opts: { done?: boolean; admin?: boolean } = {},
): ProColumns<TaskView>[] => [
  {
    title: t('process.task.title'),
    dataIndex: 'title',
    search: false,
    render: (_, r) => (
      <ActionLink onClick={() => open(r.id)} data-testid={`task-open-${r.id}`}>
        {r.title || r.processName}
      </ActionLink>
    ),
  },
  { title: t('process.common.keyword'), dataIndex: 'keyword', hideInTable: true },
  {
    title: t('process.task.node'),
    dataIndex: 'name',
    search: false,
    render: (_, r) => (
      <span data-testid={`task-node-${r.id}`}>
        {r.name}
        {r.claimable ? (
          <Tag style={{ marginInlineStart: 6 }}>{t('process.task.unclaimed')}</Tag>
        ) : null}
      </span>
    ),
  },
  { title: t('process.definition.name'), dataIndex: 'processName', search: false },
  { title: t('process.definition.key'), dataIndex: 'definitionKey' },
  { title: t('process.instance.initiator'), dataIndex: 'initiatorName', search: false },
  ...(opts.admin
    ? ([
        { title: t('process.task.assignee'), dataIndex: 'assigneeName', search: false },
        {
          title: t('process.task.status'),
          dataIndex: 'status',
          valueType: 'select',
          valueEnum: {
            open: { text: t('process.state.open') },
            closed: { text: t('process.state.closed') },
          },
          render: (_: unknown, r: TaskView) => <StateTag state={r.status} />,
        },
      ] as ProColumns<TaskView>[])
    : []),
  ...(opts.done || opts.admin
    ? ([
        {
          title: t('process.task.outcome'),
          dataIndex: 'outcome',
          search: false,
          render: (_: unknown, r: TaskView) => outcomeLabel(r.outcome) || '-',
        },
        {
          title: t('process.task.closedAt'),
          dataIndex: 'closedAt',
          search: false,
          render: (_: unknown, r: TaskView) => (r.closedAt ? formatStaffTime(r.closedAt) : '-'),
        },
      ] as ProColumns<TaskView>[])
    : []),
  {
    title: t('process.common.createdAt'),
    dataIndex: 'createdAt',
    search: false,
    render: (_, r) => formatStaffTime(r.createdAt),
  },
  {
    title: t('process.task.dueAt'),
    dataIndex: 'dueAt',
    search: false,
    render: (_, r) => (r.dueAt ? formatStaffTime(r.dueAt) : '-'),
  },
];
