/**
 * /configure/printjob: a venue's print jobs (kitchen tickets, CANCEL tickets, bills, test
 * prints) with their state, attempts and last error, live; resend a waiting or failed job (to
 * another printer if need be), reprint a ticket marked REPRINT, print a test ticket; and the
 * venue's print agent: online or not, its key (made or replaced here, shown once).
 */
import { ReloadOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import {
  Alert,
  Button,
  Card,
  Modal,
  Popconfirm,
  Select,
  Space,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import React, { useCallback, useEffect, useRef, useState } from 'react';
import { Access } from '@/components/Access';
import { ResponsiveTable } from '@/components/Responsive';
import {
  agentStatus,
  jobPrinters,
  listJobs,
  newAgentKey,
  removeAgent,
  reprintJob,
  retryJob,
  testPrint,
  type PrintAgent,
  type PrintJob,
  type PrinterRef,
} from '@/services/printing';
import { feedback } from '@/utils/feedback';
import { formatDate } from '@/utils/intl';
import ConfigurePage, { type VenueProps } from '../shared/ConfigurePage';
import { t } from '../shared/text';
import { usePoll } from '../shared/usePoll';
import ActionLink from '@/components/ActionLink';

const STATES = ['queued', 'sending', 'printed', 'failed'] as const;
const KINDS = ['kitchen', 'cancel', 'bill', 'test'] as const;
const STATE_COLOR: Record<string, string> = {
  queued: 'gold',
  sending: 'processing',
  printed: 'success',
  failed: 'error',
};

/** The print agent panel: status, key, removal. */
const AgentPanel: React.FC<{ venueId: number; agent?: PrintAgent; onChange: () => void }> = ({
  venueId,
  agent,
  onChange,
}) => {
  const [key, setKey] = useState<string>();
  const make = async () => {
    const res = await newAgentKey(venueId);
    setKey(res.key);
    onChange();
  };
  const command = key ? `venue print-agent --server ${window.location.origin} --key ${key}` : '';
  return (
    <Card size="small" style={{ marginBottom: 12 }} data-testid="print-agent">
      <Space wrap align="center">
        <Typography.Text strong>{t('printing.agent')}</Typography.Text>
        {!agent?.configured ? (
          <Tag data-testid="print-agent-state">{t('printing.agent.none')}</Tag>
        ) : agent.online ? (
          <Tag color="success" data-testid="print-agent-state">
            {t('printing.agent.online')}
          </Tag>
        ) : (
          <Tag color="error" data-testid="print-agent-state">
            {t('printing.agent.offline')}
          </Tag>
        )}
        {agent?.configured ? (
          <Typography.Text type="secondary">
            {agent.keyHint}…
            {agent.lastSeenAt
              ? ` · ${t('printing.agent.lastSeen', { at: formatDate(agent.lastSeenAt) })}`
              : ''}
          </Typography.Text>
        ) : null}
        <Access code="printing:job:edit">
          {agent?.configured ? (
            <Popconfirm title={t('printing.agent.replaceConfirm')} onConfirm={make}>
              <Button size="small" data-testid="print-agent-key">
                {t('printing.agent.replace')}
              </Button>
            </Popconfirm>
          ) : (
            <Button size="small" type="primary" onClick={make} data-testid="print-agent-key">
              {t('printing.agent.create')}
            </Button>
          )}
        </Access>
        {agent?.configured ? (
          <Access code="printing:job:edit">
            <Popconfirm
              title={t('printing.agent.removeConfirm')}
              okButtonProps={{ danger: true }}
              onConfirm={async () => {
                await removeAgent(venueId);
                onChange();
              }}
            >
              <Typography.Link type="danger">{t('printing.agent.remove')}</Typography.Link>
            </Popconfirm>
          </Access>
        ) : null}
      </Space>
      {!agent?.configured ? (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {t('printing.agent.hint')}
        </Typography.Paragraph>
      ) : null}
      <Modal
        open={!!key}
        title={t('printing.agent.keyTitle')}
        onOk={() => setKey(undefined)}
        onCancel={() => setKey(undefined)}
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <Alert
          type="warning"
          showIcon
          message={t('printing.agent.keyOnce')}
          style={{ marginBottom: 12 }}
        />
        <Typography.Paragraph
          copyable={{ text: key }}
          code
          data-testid="print-agent-new-key"
          style={{ wordBreak: 'break-all' }}
        >
          {key}
        </Typography.Paragraph>
        <Typography.Paragraph>{t('printing.agent.run')}</Typography.Paragraph>
        <Typography.Paragraph copyable={{ text: command }} code style={{ wordBreak: 'break-all' }}>
          {command}
        </Typography.Paragraph>
      </Modal>
    </Card>
  );
};

const Jobs: React.FC<VenueProps> = ({ venueId }) => {
  const actionRef = useRef<ActionType>();
  const [agent, setAgent] = useState<PrintAgent>();
  const [printers, setPrinters] = useState<PrinterRef[]>([]);
  const [testPrinter, setTestPrinter] = useState<number>();
  const [moving, setMoving] = useState<{
    job: PrintJob;
    mode: 'retry' | 'reprint';
    printerId?: number;
  }>();

  const refreshAgent = useCallback(
    () =>
      agentStatus(venueId)
        .then(setAgent)
        .catch(() => undefined),
    [venueId],
  );
  useEffect(() => {
    refreshAgent();
    jobPrinters(venueId)
      .then((ps) => {
        setPrinters(ps);
        setTestPrinter(ps.find((p) => p.enabled)?.id);
      })
      .catch(() => setPrinters([]));
  }, [venueId, refreshAgent]);
  usePoll(() => {
    actionRef.current?.reload();
    return refreshAgent();
  }, 3_000);

  const enabled = printers.filter((p) => p.enabled);
  const act = async (job: PrintJob, mode: 'retry' | 'reprint', printerId?: number) => {
    await (mode === 'retry' ? retryJob(job.id, printerId) : reprintJob(job.id, printerId));
    feedback.success(t(mode === 'retry' ? 'printing.retried' : 'printing.reprinted'));
    actionRef.current?.reload();
  };

  const columns: ProColumns<PrintJob>[] = [
    {
      title: t('printing.job.createdAt'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      search: false,
      width: 150,
      render: (_, r) => formatDate(r.createdAt),
    },
    {
      title: t('printing.job.kind'),
      dataIndex: 'kind',
      key: 'kind',
      valueType: 'select',
      valueEnum: Object.fromEntries(KINDS.map((k) => [k, { text: t(`printing.kind.${k}`) }])),
      render: (_, r) => (
        <Space size={2} wrap>
          <Tag color={r.kind === 'cancel' ? 'red' : r.kind === 'kitchen' ? 'orange' : 'blue'}>
            {t(`printing.kind.${r.kind}`)}
          </Tag>
          {r.reprint ? <Tag>{t('printing.job.reprint')}</Tag> : null}
          {r.unrouted ? (
            <Tooltip title={t('printing.job.unroutedHint')}>
              <Tag color="warning" data-testid={`job-unrouted-${r.id}`}>
                {t('printing.job.unrouted')}
              </Tag>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
    {
      title: t('printing.job.orderNo'),
      dataIndex: 'orderNo',
      key: 'orderNo',
      render: (_, r) => r.orderNo || '-',
    },
    {
      title: t('printing.job.printer'),
      dataIndex: 'printerName',
      key: 'printer',
      search: false,
      render: (_, r) =>
        r.printerId ? (
          <span>
            {r.printerName}
            {r.movedFrom ? (
              <Tag style={{ marginInlineStart: 4 }}>{t('printing.job.movedToBackup')}</Tag>
            ) : null}
          </span>
        ) : (
          <Typography.Text type="danger">{t('printing.job.noPrinter')}</Typography.Text>
        ),
    },
    {
      title: t('printing.job.summary'),
      dataIndex: 'summary',
      key: 'summary',
      search: false,
      ellipsis: true,
    },
    {
      title: t('printing.job.state'),
      dataIndex: 'state',
      key: 'state',
      valueType: 'select',
      valueEnum: Object.fromEntries(STATES.map((s) => [s, { text: t(`printing.state.${s}`) }])),
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Tag color={STATE_COLOR[r.state]} data-testid={`job-state-${r.id}`}>
            {t(`printing.state.${r.state}`)}
          </Tag>
          {r.attempts > 0 && r.state !== 'printed' ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('printing.job.attempts', { count: r.attempts })}
            </Typography.Text>
          ) : null}
          {r.lastError && r.state !== 'printed' ? (
            <Typography.Text type="danger" style={{ fontSize: 12, wordBreak: 'break-word' }}>
              {r.lastError}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      title: t('printing.job.via'),
      dataIndex: 'via',
      key: 'via',
      search: false,
      render: (_, r) => (r.via ? t(`printing.via.${r.via}`) : '-'),
    },
    {
      title: t('configure.actions'),
      valueType: 'option',
      key: 'option',
      render: (_, r) => [
        r.state === 'failed' || r.state === 'queued' ? (
          <Access key="retry" code="printing:job:edit">
            <ActionLink
              data-testid={`job-retry-${r.id}`}
              onClick={() =>
                r.printerId
                  ? act(r, 'retry')
                  : setMoving({ job: r, mode: 'retry', printerId: enabled[0]?.id })
              }
            >
              {t('printing.retry')}
            </ActionLink>
          </Access>
        ) : null,
        <Access key="reprint" code="printing:job:add">
          <ActionLink
            data-testid={`job-reprint-${r.id}`}
            onClick={() =>
              setMoving({ job: r, mode: 'reprint', printerId: r.printerId || enabled[0]?.id })
            }
          >
            {t('printing.reprint')}
          </ActionLink>
        </Access>,
      ],
    },
  ];

  return (
    <>
      <AgentPanel venueId={venueId} agent={agent} onChange={refreshAgent} />
      <Access code="printing:job:add">
        <Space wrap style={{ marginBottom: 12 }}>
          <Select
            style={{ minWidth: 200, maxWidth: '100%' }}
            value={testPrinter}
            onChange={setTestPrinter}
            options={enabled.map((p) => ({ value: p.id, label: p.name }))}
            placeholder={t('printing.job.printer')}
            data-testid="test-printer"
          />
          <Button
            disabled={!testPrinter}
            data-testid="test-print"
            onClick={async () => {
              if (!testPrinter) return;
              await testPrint(venueId, testPrinter);
              feedback.success(t('printing.testQueued'));
              actionRef.current?.reload();
            }}
          >
            {t('printing.test')}
          </Button>
        </Space>
      </Access>
      <ResponsiveTable<PrintJob>
        rowKey="id"
        testId="printjob"
        keyword="orderNo"
        card={{
          title: 'orderNo',
          extra: ['state'],
          primary: ['kind', 'printer', 'summary', 'createdAt'],
        }}
        actionRef={actionRef}
        columns={columns}
        headerTitle={t('menu.configure.printjob')}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        scroll={{ x: 1100 }}
        options={{ density: true, reload: true, setting: true }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        request={async (params) => {
          const page = await listJobs(venueId, {
            pageNo: params.current,
            pageSize: params.pageSize,
            state: params.state,
            kind: params.kind,
            orderNo: params.orderNo,
          });
          return { data: page.records, total: page.total, success: true };
        }}
        toolBarRender={() => [
          <Button
            key="reload"
            icon={<ReloadOutlined />}
            onClick={() => actionRef.current?.reload()}
          />,
        ]}
      />
      <Modal
        open={!!moving}
        title={moving?.mode === 'retry' ? t('printing.retry') : t('printing.reprint')}
        onCancel={() => setMoving(undefined)}
        okButtonProps={{ disabled: !moving?.printerId, 'data-testid': 'job-move-ok' } as never}
        onOk={async () => {
          if (!moving) return;
          await act(moving.job, moving.mode, moving.printerId);
          setMoving(undefined);
        }}
      >
        <Typography.Paragraph>{t('printing.choosePrinter')}</Typography.Paragraph>
        <Select
          style={{ width: '100%' }}
          value={moving?.printerId}
          onChange={(v) => setMoving((m) => (m ? { ...m, printerId: v } : m))}
          options={enabled.map((p) => ({ value: p.id, label: p.name }))}
          data-testid="job-move-printer"
        />
      </Modal>
    </>
  );
};

const PrintJobPage: React.FC = () => (
  <ConfigurePage testId="configure-printjob">{(venue) => <Jobs {...venue} />}</ConfigurePage>
);

export default PrintJobPage;
