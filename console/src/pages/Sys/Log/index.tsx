import { DownloadOutlined, EyeOutlined, FieldTimeOutlined } from '@ant-design/icons';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { useModel } from '@umijs/max';
import { Button, Tag, Typography } from 'antd';
import React, { useRef, useState } from 'react';
import { Access } from '@/components/Access';
import { exportLogs, listLogs, type LogQuery, type OpLog } from '@/services/sys-admin';
import { formatDate, formatNumber } from '@/utils/intl';
import { rangeParams } from './rules';
import SysPage from '../shared/SysPage';
import { t } from '../shared/text';
import { sysTableProps } from '../shared/tableProps';
import LogDetail from './components/LogDetail';
import RetentionModal from './components/RetentionModal';
import { tableFilters, tableRequest } from '@/utils/table';

/** /sys/log: the operation log (search, masked detail, Excel export, retention). */
const LogPage: React.FC = () => {
  const { initialState } = useModel('@@initialState');
  const platform = initialState?.currentUser?.orgType === 'platform';
  const lastQuery = useRef<LogQuery>({});
  const [detail, setDetail] = useState<number>();
  const [retentionOpen, setRetentionOpen] = useState(false);
  const [exporting, setExporting] = useState(false);

  const onExport = async () => {
    setExporting(true);
    try {
      await exportLogs(lastQuery.current);
    } catch {
      /* the request layer shows the server's message (e.g. no data to export) */
    } finally {
      setExporting(false);
    }
  };

  const columns: ProColumns<OpLog>[] = [
    {
      title: t('sys.log.time'),
      dataIndex: 'range',
      valueType: 'dateTimeRange',
      hideInTable: true,
    },
    {
      title: t('sys.log.time'),
      dataIndex: 'createdAt',
      hideInSearch: true,
      width: 170,
      render: (_, r) => formatDate(r.createdAt),
    },
    {
      title: t('sys.log.user'),
      dataIndex: 'username',
      width: 130,
      render: (_, r) => r.username || '-',
    },
    { title: t('sys.log.module'), dataIndex: 'module', width: 110 },
    {
      title: t('sys.log.operation'),
      dataIndex: 'operation',
      width: 260,
      render: (_, r) => (
        <>
          <div>{r.operation}</div>
          {r.summary && (
            <Typography.Text
              type="secondary"
              style={{ fontSize: 12 }}
              ellipsis={{ tooltip: r.summary }}
            >
              {r.summary}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      title: t('sys.log.request'),
      dataIndex: 'path',
      hideInSearch: true,
      ellipsis: true,
      width: 260,
      render: (_, r) => (
        <Typography.Text code>
          {r.method} {r.path}
        </Typography.Text>
      ),
    },
    {
      title: t('sys.log.result'),
      dataIndex: 'result',
      valueType: 'select',
      width: 110,
      valueEnum: {
        ok: { text: t('sys.log.result.ok'), status: 'Success' },
        fail: { text: t('sys.log.result.fail'), status: 'Error' },
      },
      render: (_, r) => (
        <Tag color={r.code === 10000 ? 'success' : 'error'}>
          {r.code === 10000 ? t('sys.log.result.ok') : `${r.status} · ${r.code}`}
        </Tag>
      ),
    },
    {
      title: t('sys.log.latency'),
      dataIndex: 'latencyMs',
      hideInSearch: true,
      width: 100,
      render: (_, r) => `${formatNumber(r.latencyMs)} ms`,
    },
    { title: t('sys.log.ip'), dataIndex: 'ip', width: 130 },
    {
      title: t('sys.actions'),
      valueType: 'option',
      width: 100,
      render: (_, r) => [
        <Access key="get" code="sys:log:get">
          <Typography.Link onClick={() => setDetail(r.id)} data-testid="log-open">
            <EyeOutlined /> {t('sys.detail')}
          </Typography.Link>
        </Access>,
      ],
    },
  ];

  return (
    <SysPage testId="sys-log-page">
      <ProTable<OpLog>
        rowKey="id"
        headerTitle={t('sys.log.title')}
        columns={columns}
        scroll={{ x: 1500 }}
        {...sysTableProps('log')}
        request={tableRequest(listLogs, {
          query: ({ range, ...rest }) => ({ ...tableFilters(rest), ...rangeParams(range) }),
          onPage: (_page, q) => {
            lastQuery.current = { ...q };
          },
        })}
        toolBarRender={() => [
          <Access key="export" code="sys:log:export">
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={onExport}
              data-testid="log-export"
            >
              {t('sys.export')}
            </Button>
          </Access>,
          platform && (
            <Access key="retention" code="sys:log:edit">
              <Button icon={<FieldTimeOutlined />} onClick={() => setRetentionOpen(true)}>
                {t('sys.log.retention')}
              </Button>
            </Access>
          ),
        ]}
      />
      <LogDetail id={detail} onClose={() => setDetail(undefined)} />
      <RetentionModal open={retentionOpen} onOpenChange={setRetentionOpen} />
    </SysPage>
  );
};

export default LogPage;
