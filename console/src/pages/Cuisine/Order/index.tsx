/**
 * /cuisine/order — order management and history (spec sections 3-4): search by order number,
 * table number and dish name (plus status, payment and time), detail with lines, cancel a dish
 * or the whole order with a reason (a manager approves those above the venue's amount), settle,
 * export to Excel. New orders and service calls arrive live (server-sent events) with a notice
 * and a chime; the list refreshes itself. Cards below 768 px.
 */
import { BellOutlined, CheckOutlined, DownloadOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { App, Badge, Button, Card, List, Space, Tag, Tooltip, Typography } from 'antd';
import React, { useCallback, useEffect, useRef, useState } from 'react';
import { Access, useOperation } from '@/components/Access';
import { ResponsiveTable } from '@/components/Responsive';
import { useIsPhone } from '@/hooks/useIsPhone';
import {
  answerCall,
  decideCancellation,
  exportOrders,
  listApprovals,
  listCalls,
  listOrders,
  type Cancellation,
  type LiveEvent,
  type OrderRow,
  type Params,
  type ServiceCall,
} from '@/services/order';
import { getDictByType } from '@/services/sys';
import { feedback } from '@/utils/feedback';
import { formatMessage } from '@/utils/intl';
import { displayMoney } from '@/utils/money';
import { tableRequest } from '@/utils/table';
import CuisinePage from '../shared/CuisinePage';
import { t } from '../shared/text';
import OrderDrawer, { payTag, statusTag } from './components/OrderDrawer';
import { chime, useLiveOrders } from './useLiveOrders';
import { formatInZone, formatStaffTime } from '@/utils/zone';
import ActionLink from '@/components/ActionLink';

const OrderPage: React.FC = () => {
  const { notification } = App.useApp();
  const { can } = useOperation();
  const actionRef = useRef<ActionType>();
  const lastQuery = useRef<Params>({});
  const [total, setTotal] = useState(0);
  const [open, setOpen] = useState<number>();
  const [version, setVersion] = useState(0);
  const [calls, setCalls] = useState<ServiceCall[]>([]);
  const [approvals, setApprovals] = useState<Cancellation[]>([]);
  const [reasons, setReasons] = useState<API.DictItem[]>([]);
  const [payments, setPayments] = useState<API.DictItem[]>([]);
  const [fresh, setFresh] = useState<Set<number>>(new Set());
  const canApprove = can('order:approval:query');
  const phone = useIsPhone();

  const reloadCalls = useCallback(() => listCalls().then(setCalls).catch(() => undefined), []);
  const reloadApprovals = useCallback(() => {
    if (canApprove) listApprovals().then(setApprovals).catch(() => undefined);
  }, [canApprove]);
  const reload = useCallback(() => actionRef.current?.reload(), []);

  useEffect(() => {
    getDictByType('cancel_reason').then(setReasons).catch(() => undefined);
    getDictByType('payment_method').then(setPayments).catch(() => undefined);
    reloadCalls();
    reloadApprovals();
  }, [reloadCalls, reloadApprovals]);

  const connected = useLiveOrders((e: LiveEvent) => {
    switch (e.type) {
      case 'order':
        chime();
        notification.info({ message: t('order.live.newOrder'), key: `order-${e.id}`, placement: 'bottomRight' });
        setFresh((s) => new Set(s).add(e.id));
        reload();
        break;
      case 'call':
        chime();
        notification.warning({ message: t('order.live.call'), key: `call-${e.id}`, placement: 'bottomRight' });
        reloadCalls();
        break;
      case 'call_done':
        reloadCalls();
        break;
      case 'approval':
        reloadApprovals();
        reload();
        break;
      case 'rejected':
        notification.warning({ message: t('order.approval.rejectedNotice'), key: `rejected-${e.id}`, placement: 'bottomRight' });
        reloadApprovals();
        reload();
        break;
      default:
        reload();
        reloadApprovals();
    }
    if (e.id === open) setVersion((v) => v + 1);
  });

  // Without the stream (a proxy that buffers), the page still refreshes itself.
  useEffect(() => {
    if (connected) return undefined;
    const timer = setInterval(() => {
      reload();
      reloadCalls();
    }, 15000);
    return () => clearInterval(timer);
  }, [connected, reload, reloadCalls]);

  const exportCurrent = async () => {
    if (total === 0) {
      feedback.error(formatMessage({ id: 'common.noDataToExport' }));
      return;
    }
    try {
      await exportOrders(lastQuery.current);
    } catch {
      /* the request layer shows the server's message */
    }
  };

  const decide = async (c: Cancellation, approve: boolean) => {
    await decideCancellation(c.id, approve);
    feedback.success(approve ? t('order.cancel.succeed') : t('order.approval.rejected'));
    reloadApprovals();
    reload();
    if (c.orderId === open) setVersion((v) => v + 1);
  };

  const columns: ProColumns<OrderRow>[] = [
    {
      title: t('order.orderNo'),
      dataIndex: 'orderNo',
      render: (_, r) => (
        <Space size={4}>
          <ActionLink onClick={() => setOpen(r.id)} data-testid="order-open">
            {r.orderNo}
          </ActionLink>
          {fresh.has(r.id) ? <Tag color="red">{t('order.live.new')}</Tag> : null}
          {r.pendingCancels ? <Tag color="warning">{t('order.pendingApproval')}</Tag> : null}
        </Space>
      ),
    },
    { title: t('order.tableNo'), dataIndex: 'tableNo', width: 100 },
    { title: t('order.dishName'), dataIndex: 'dishName', hideInTable: true },
    {
      title: t('order.placedAt'),
      dataIndex: 'placedAt',
      valueType: 'dateTimeRange',
      render: (_, r) => formatInZone(r.placedAt, r.timeZone, 'YYYY-MM-DD HH:mm'),
      search: { transform: (v: [string, string]) => ({ from: v?.[0], to: v?.[1] }) },
      sorter: true,
    },
    {
      title: t('order.total'),
      dataIndex: 'total',
      search: false,
      align: 'right',
      render: (_, r) => displayMoney(r.total, r.currencyDigits, r.currency),
    },
    {
      title: t('order.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: { normal: { text: t('order.status.normal') }, cancelled: { text: t('order.status.cancelled') } },
      render: (_, r) => statusTag(r.status),
    },
    {
      title: t('order.payStatus'),
      dataIndex: 'payStatus',
      valueType: 'select',
      valueEnum: { open: { text: t('order.pay.open') }, settled: { text: t('order.pay.settled') } },
      render: (_, r) => payTag(r.payStatus),
    },
    { title: t('order.remark'), dataIndex: 'remark', search: false, ellipsis: true },
  ];

  // The phone layout drops the table's header: the live state shows above the cards there.
  const liveTitle = (
    <Space>
      {t('menu.cuisine.order')}
      <Tooltip title={connected ? t('order.live.on') : t('order.live.off')}>
        <Badge status={connected ? 'processing' : 'default'} data-testid="order-live" data-connected={connected} />
      </Tooltip>
    </Space>
  );

  const toDate = (v: unknown) => (v ? new Date(String(v).replace(' ', 'T')).toISOString() : undefined);

  return (
    <CuisinePage testId="cuisine-order">
      <Space direction="vertical" style={{ width: '100%' }} size={12}>
        {phone ? liveTitle : null}
        {calls.length ? (
          <Card size="small" title={<span><BellOutlined /> {t('order.calls')}</span>} data-testid="order-calls">
            <List
              size="small"
              dataSource={calls}
              renderItem={(c) => (
                <List.Item
                  data-testid="order-call"
                  actions={[
                    <Access key="done" code="order:order:edit">
                      <Button size="small" icon={<CheckOutlined />} onClick={() => answerCall(c.id).then(reloadCalls)}>
                        {t('order.call.done')}
                      </Button>
                    </Access>,
                  ]}
                >
                  <Space wrap>
                    <Tag color="volcano">{c.tableNo}</Tag>
                    <span>{t(`order.call.${c.kind}`)}</span>
                    <Typography.Text type="secondary">{formatStaffTime(c.createdAt, 'HH:mm')}</Typography.Text>
                  </Space>
                </List.Item>
              )}
            />
          </Card>
        ) : null}
        {canApprove && approvals.length ? (
          <Card size="small" title={t('order.approvals')} data-testid="order-approvals">
            <List
              size="small"
              dataSource={approvals}
              renderItem={(c) => (
                <List.Item
                  data-testid="order-approval"
                  actions={[
                    <Access key="ok" code="order:approval:edit">
                      <Button size="small" type="primary" data-testid="order-approve" onClick={() => decide(c, true)}>
                        {t('order.approval.approve')}
                      </Button>
                    </Access>,
                    <Access key="no" code="order:approval:edit">
                      <Button size="small" onClick={() => decide(c, false)}>
                        {t('order.approval.reject')}
                      </Button>
                    </Access>,
                  ]}
                >
                  <Space wrap size={4}>
                    <ActionLink onClick={() => setOpen(c.orderId)}>{c.orderNo}</ActionLink>
                    <Tag>{c.tableNo}</Tag>
                    <span>
                      {c.dishName}
                      {c.quantity ? ` × ${c.quantity}` : ''}
                    </span>
                    <b>{displayMoney(c.amount, 2, c.currency)}</b>
                    <Typography.Text type="secondary">
                      {c.reasonLabel} · {c.requestedName}
                    </Typography.Text>
                  </Space>
                </List.Item>
              )}
            />
          </Card>
        ) : null}
        <ResponsiveTable<OrderRow>
          rowKey="id"
          testId="order"
          keyword="orderNo"
          card={{ title: 'orderNo', extra: ['total'], primary: ['status', 'payStatus', 'tableNo', 'placedAt'] }}
          actionRef={actionRef}
          columns={columns}
          headerTitle={phone ? undefined : liveTitle}
          search={{ labelWidth: 'auto', defaultCollapsed: false }}
          pagination={{ defaultPageSize: 20, showSizeChanger: true }}
          options={{ density: true, reload: true, setting: true }}
          request={tableRequest(listOrders, {
            query: (p) => ({
              orderNo: p.orderNo,
              tableNo: p.tableNo,
              dishName: p.dishName,
              status: p.status,
              payStatus: p.payStatus,
              from: toDate(p.from),
              to: toDate(p.to),
            }),
            onPage: (page, { pageNo: _n, pageSize: _s, ...query }) => {
              lastQuery.current = query;
              setTotal(page.total);
            },
          })}
          toolBarRender={() => [
            <Access key="export" code="order:order:export">
              <Button icon={<DownloadOutlined />} onClick={exportCurrent} data-testid="order-export">
                {t('order.export')}
              </Button>
            </Access>,
          ]}
        />
      </Space>
      <OrderDrawer
        id={open}
        reasons={reasons}
        payments={payments}
        version={version}
        onClose={() => setOpen(undefined)}
        onChanged={() => {
          reload();
          reloadApprovals();
        }}
      />
    </CuisinePage>
  );
};

export default OrderPage;
