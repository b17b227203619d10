/**
 * /process/instance: every instance in the caller's scope, filtered by definition, state,
 * starter and start time; the detail shows the coloured diagram, timeline and variables.
 */
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { ResponsiveTable } from '@/components/Responsive';
import React, { useRef, useState } from 'react';
import InstanceDrawer from '../components/InstanceDetail';
import { INSTANCE_STATES, StateTag, stateLabel, t } from '../components/labels';
import { PeopleSelect } from '@/components/FormilyRenderer';
import { listInstances, type Instance } from '@/services/process';
import { formatDate } from '@/utils/intl';
import { tableRequest } from '@/utils/table';
import ActionLink from '@/components/ActionLink';

export const instanceColumns = (open: (id: number) => void): ProColumns<Instance>[] => [
  {
    title: t('process.instance.title'),
    dataIndex: 'title',
    search: false,
    render: (_, r) => (
      <ActionLink onClick={() => open(r.id)} data-testid={`instance-open-${r.id}`}>
        {r.title || r.name}
      </ActionLink>
    ),
  },
  { title: t('process.common.keyword'), dataIndex: 'keyword', hideInTable: true },
  { title: t('process.definition.key'), dataIndex: 'definitionKey' },
  {
    title: t('process.definition.name'),
    dataIndex: 'name',
    search: false,
    render: (_, r) => `${r.name} v${r.version}`,
  },
  {
    title: t('process.instance.state'),
    dataIndex: 'state',
    valueType: 'select',
    valueEnum: Object.fromEntries(INSTANCE_STATES.map((s) => [s, { text: stateLabel(s) }])),
    render: (_, r) => <StateTag state={r.state} />,
  },
  {
    title: t('process.instance.initiator'),
    dataIndex: 'initiatorId',
    render: (_, r) => r.initiatorName,
    renderFormItem: () => <PeopleSelect />,
  },
  {
    title: t('process.instance.startedAt'),
    dataIndex: 'startedAt',
    valueType: 'dateRange',
    render: (_, r) => formatDate(r.startedAt),
    search: {
      transform: (v: [string, string]) => ({
        from: v?.[0]?.slice(0, 10),
        to: v?.[1]?.slice(0, 10),
      }),
    },
  },
  {
    title: t('process.instance.endedAt'),
    dataIndex: 'endedAt',
    search: false,
    render: (_, r) => (r.endedAt ? formatDate(r.endedAt) : '-'),
  },
];

type InstanceQuery = Parameters<typeof listInstances>[0];

/**
 * An instance list with its filters and the detail drawer: every instance (administrators) or
 * the related ones (/process/user/processInstances), by the list call given.
 */
export const InstanceList: React.FC<{
  title: string;
  list: (q: InstanceQuery) => ReturnType<typeof listInstances>;
}> = ({ title, list }) => {
  const actionRef = useRef<ActionType>();
  const [openId, setOpenId] = useState<number>();
  return (
    <>
      <ResponsiveTable<Instance>
        rowKey="id"
        actionRef={actionRef}
        columns={instanceColumns(setOpenId)}
        headerTitle={title}
        search={{ labelWidth: 'auto' }}
        request={tableRequest(list, {
          query: (p) => ({
            definitionKey: p.definitionKey,
            state: p.state,
            initiatorId: p.initiatorId,
            from: p.from,
            to: p.to,
            keyword: p.keyword,
          }),
        })}
      />
      <InstanceDrawer
        id={openId}
        onClose={() => setOpenId(undefined)}
        onChanged={() => actionRef.current?.reload()}
      />
    </>
  );
};

const InstancePage: React.FC = () => (
  <InstanceList title={t('menu.process.instance')} list={listInstances} />
);

export default InstancePage;
