import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { App, Badge, Select, Space, Tag, Typography } from 'antd';
import React, { useEffect, useRef, useState } from 'react';
import { Access } from '@/components/Access';
import {
  listApis,
  setApiLog,
  type ApiQuery,
  type ApiView,
  type LogMode,
} from '@/services/sys-admin';
import { groupApis, type ApiGroup } from './groups';
import SysPage from '../shared/SysPage';
import { t } from '../shared/text';
import { sysTableProps } from '../shared/tableProps';

type Row = (ApiView & { key: string }) | (ApiGroup & { children: (ApiView & { key: string })[] });

const isGroup = (r: Row): r is ApiGroup => 'count' in r;

const METHOD_COLORS: Record<string, string> = {
  GET: 'blue',
  POST: 'green',
  PUT: 'orange',
  DELETE: 'red',
  PATCH: 'purple',
};

/**
 * /sys/api: the route registry (derived from the code), grouped by module, with a
 * per-interface switch for operation logging.
 */
const ApiPage: React.FC = () => {
  const { message } = App.useApp();
  const action = useRef<ActionType>();
  const [modules, setModules] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<React.Key[]>([]);

  useEffect(() => {
    listApis({})
      .then((all) => setModules([...new Set(all.map((a) => a.module))].sort()))
      .catch(() => undefined);
  }, []);

  const changeLog = async (r: ApiView, mode: LogMode) => {
    await setApiLog(r.method, r.path, mode);
    message.success(t('common.modifySucceed'));
    action.current?.reload();
  };

  const columns: ProColumns<Row>[] = [
    {
      title: t('sys.api.module'),
      dataIndex: 'module',
      valueType: 'select',
      fieldProps: { options: modules.map((m) => ({ label: m, value: m })), showSearch: true },
      render: (_, r) =>
        isGroup(r) ? (
          <Space>
            <Typography.Text strong>{r.module}</Typography.Text>
            <Badge count={r.count} color="blue" overflowCount={999} />
          </Space>
        ) : null,
    },
    {
      title: t('sys.api.keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: t('sys.api.keyword.hint') },
    },
    {
      title: t('sys.api.method'),
      dataIndex: 'method',
      valueType: 'select',
      width: 100,
      valueEnum: { GET: 'GET', POST: 'POST', PUT: 'PUT', DELETE: 'DELETE' },
      render: (_, r) => (isGroup(r) ? null : <Tag color={METHOD_COLORS[r.method]}>{r.method}</Tag>),
    },
    {
      title: t('sys.api.path'),
      dataIndex: 'path',
      hideInSearch: true,
      render: (_, r) => (isGroup(r) ? null : <Typography.Text code>{r.path}</Typography.Text>),
    },
    {
      title: t('sys.api.operation'),
      dataIndex: 'operation',
      hideInSearch: true,
      render: (_, r) => (isGroup(r) ? null : r.operation || '-'),
    },
    {
      title: t('sys.api.access'),
      dataIndex: 'access',
      valueType: 'select',
      width: 130,
      valueEnum: {
        operation: t('sys.api.access.operation'),
        self: t('sys.api.access.self'),
        public: t('sys.api.access.public'),
      },
      render: (_, r) =>
        isGroup(r) ? null : (
          <Tag color={r.access === 'public' ? 'gold' : r.access === 'self' ? 'cyan' : 'default'}>
            {t(`sys.api.access.${r.access}`)}
          </Tag>
        ),
    },
    {
      title: t('sys.api.summary'),
      dataIndex: 'summary',
      hideInSearch: true,
      ellipsis: true,
      render: (_, r) => (isGroup(r) ? null : r.summary),
    },
    {
      title: t('sys.api.log'),
      dataIndex: 'logMode',
      hideInSearch: true,
      width: 210,
      render: (_, r) =>
        isGroup(r) ? null : (
          <Space size={6}>
            <Access code="sys:api:edit" mode="disable">
              <Select<LogMode>
                size="small"
                style={{ width: 110 }}
                value={r.logMode}
                onChange={(mode) => changeLog(r, mode)}
                options={(['auto', 'on', 'off'] as LogMode[]).map((m) => ({
                  label: t(`sys.api.log.${m}`),
                  value: m,
                }))}
              />
            </Access>
            <Badge
              status={r.logged ? 'processing' : 'default'}
              text={r.logged ? t('sys.api.logged') : t('sys.api.notLogged')}
            />
          </Space>
        ),
    },
  ];

  return (
    <SysPage testId="sys-api-page">
      <ProTable<Row>
        rowKey="key"
        actionRef={action}
        headerTitle={t('sys.api.title')}
        tooltip={t('sys.api.derived')}
        columns={columns}
        {...sysTableProps('api')}
        pagination={false}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (k) => setExpanded([...k]) }}
        request={async (params) => {
          const q: ApiQuery = {
            module: params.module,
            keyword: params.keyword,
            method: params.method,
            access: params.access,
          };
          const list = await listApis(q);
          const groups = groupApis(list ?? []);
          const filtered = Object.values(q).some(Boolean);
          // one module or a search: open the groups; everything: keep them folded
          setExpanded(filtered || groups.length === 1 ? groups.map((g) => g.key) : []);
          return { data: groups as Row[], success: true, total: list?.length ?? 0 };
        }}
      />
    </SysPage>
  );
};

export default ApiPage;
