/**
 * /process/user/tasks (hidden, everyone's): the inbox. Tabs: to do, done, CC to me, started
 * by me; search; start a new process; `?task=<id>` (workbench links) opens that task.
 */
import { PlusOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { ResponsiveTable } from '@/components/Responsive';
import { useLocation } from '@umijs/max';
import { Alert, Badge, Button, Card, Tabs, Tag } from 'antd';
import React, { useEffect, useRef, useState } from 'react';
import InstanceDrawer from '../../components/InstanceDetail';
import { StateTag, t } from '../../components/labels';
import StartDialog from '../../components/StartDialog';
import TaskDrawer from '../../components/TaskDetail';
import { taskColumns } from '../../components/taskColumns';
import { instanceColumns } from '../../Instance';
import { Access } from '@/components/Access';
import {
  listCC,
  readCC,
  listDone,
  listStarted,
  listTodo,
  probeTodo,
  TODO_CHANGED_EVENT,
  TODO_LIVE,
  type CCView,
  type Instance,
  type Params,
  type TaskView,
} from '@/services/process';
import { useLive } from '@/hooks/useLive';
import { formatMessage } from '@/utils/intl';
import { refreshLive } from '@/utils/live';
import { tableRequest } from '@/utils/table';
import { formatStaffTime } from '@/utils/zone';
import ActionLink from '@/components/ActionLink';

type TabKey = 'todo' | 'done' | 'cc' | 'started';

const InboxPage: React.FC = () => {
  const location = useLocation();
  const [tab, setTab] = useState<TabKey>('todo');
  const [taskId, setTaskId] = useState<number>();
  const [instanceId, setInstanceId] = useState<number>();
  const [starting, setStarting] = useState(false);
  const refs = {
    todo: useRef<ActionType>(),
    done: useRef<ActionType>(),
    cc: useRef<ActionType>(),
    started: useRef<ActionType>(),
  };
  // new tasks and changes reach the open inbox: the to-do list reloads whenever the live
  // count or the newest task changes (the header badge follows the same key, so they agree)
  const live = useLive(TODO_LIVE, probeTodo, {
    onChange: () => {
      for (const r of Object.values(refs)) r.current?.reload();
    },
  });
  const count = live.value?.count;

  const refresh = () => {
    refreshLive(TODO_LIVE);
    for (const r of Object.values(refs)) r.current?.reload();
  };

  useEffect(() => {
    const id = Number(new URLSearchParams(location.search).get('task'));
    if (id) setTaskId(id);
  }, [location.search]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh reads only refs and module functions, so the listener added once stays right
  useEffect(() => {
    window.addEventListener(TODO_CHANGED_EVENT, refresh);
    return () => window.removeEventListener(TODO_CHANGED_EVENT, refresh);
  }, []);

  const page =
    <T,>(fn: (p: Params) => Promise<{ records: T[]; total: number }>) =>
    tableRequest(fn, {
      query: (p) => ({
        keyword: p.keyword,
        definitionKey: p.definitionKey,
        state: p.state,
        from: p.from,
        to: p.to,
      }),
    });

  const ccColumns: ProColumns<CCView>[] = [
    {
      title: t('process.task.title'),
      dataIndex: 'title',
      search: false,
      render: (_, r) => (
        <ActionLink
          data-testid={`cc-open-${r.id}`}
          style={r.readAt ? undefined : { fontWeight: 600 }}
          onClick={() => {
            setInstanceId(r.instanceId);
            // opening an unread notice reads it
            if (!r.readAt)
              readCC(r.id).then(
                () => refs.cc.current?.reload(),
                () => undefined,
              );
          }}
        >
          {!r.readAt && <Badge status="processing" title={t('process.cc.unread')} />}
          {r.title || r.processName}
        </ActionLink>
      ),
    },
    { title: t('process.definition.name'), dataIndex: 'processName', search: false },
    { title: t('process.task.node'), dataIndex: 'nodeName', search: false },
    {
      title: t('process.cc.kind'),
      dataIndex: 'kind',
      search: false,
      render: (_, r) => (
        <Tag>
          {t(`process.cc.${r.kind === 'urge' ? 'urge' : r.kind === 'remind' ? 'remind' : 'cc'}`)}
        </Tag>
      ),
    },
    { title: t('process.cc.from'), dataIndex: 'fromName', search: false },
    { title: t('process.task.comment'), dataIndex: 'comment', search: false, ellipsis: true },
    {
      title: t('process.instance.state'),
      dataIndex: 'state',
      search: false,
      render: (_, r) => <StateTag state={r.state} />,
    },
    {
      title: t('process.common.createdAt'),
      dataIndex: 'createdAt',
      search: false,
      render: (_, r) => formatStaffTime(r.createdAt),
    },
  ];

  const startedColumns = instanceColumns(setInstanceId).filter(
    (c) => c.dataIndex !== 'initiatorId',
  );

  /** A tab of the inbox: the label (test id `tab-<key>`) and its list (test id `<key>`). */
  // biome-ignore lint/suspicious/noExplicitAny: ProTable's own row constraint; our row interfaces have no index signature, so Record<string, unknown> would refuse them
  const inboxTab = <T extends Record<string, any>>(
    key: TabKey,
    label: React.ReactNode,
    columns: ProColumns<T>[],
    list: (p: Params) => Promise<{ records: T[]; total: number }>,
    { searchable = true } = {},
  ) => ({
    key,
    label: <span data-testid={`tab-${key}`}>{label}</span>,
    children: (
      <ResponsiveTable<T>
        rowKey="id"
        testId={key}
        actionRef={refs[key]}
        columns={columns}
        search={searchable ? { labelWidth: 'auto' } : false}
        request={page(list)}
      />
    ),
  });

  const items = [
    inboxTab<TaskView>(
      'todo',
      <>
        {t('process.inbox.todo')} <Badge count={count} size="small" overflowCount={99} />
      </>,
      taskColumns(setTaskId),
      listTodo,
    ),
    inboxTab<TaskView>(
      'done',
      t('process.inbox.done'),
      taskColumns(setTaskId, { done: true }),
      listDone,
    ),
    inboxTab<CCView>('cc', t('process.inbox.cc'), ccColumns, listCC, { searchable: false }),
    inboxTab<Instance>('started', t('process.inbox.started'), startedColumns, listStarted),
  ];

  return (
    <Card
      title={t('menu.process.user.tasks')}
      extra={
        <Access code="process:inbox:add">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setStarting(true)}
            data-testid="inbox-start"
          >
            {t('process.start.new')}
          </Button>
        </Access>
      }
    >
      {live.failed ? (
        <Alert type="warning" showIcon banner message={formatMessage({ id: 'ui.live.paused' })} data-testid="live-paused" />
      ) : null}
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as TabKey)}
        items={items}
        destroyInactiveTabPane={false}
      />
      <TaskDrawer id={taskId} onClose={() => setTaskId(undefined)} onChanged={refresh} />
      <InstanceDrawer
        id={instanceId}
        onClose={() => setInstanceId(undefined)}
        onChanged={refresh}
      />
      <StartDialog
        open={starting}
        onClose={() => setStarting(false)}
        onStarted={() => {
          setTab('started');
          refresh();
        }}
      />
    </Card>
  );
};

export default InboxPage;
