import { PrinterOutlined } from '@ant-design/icons';
import { Button, Descriptions, Drawer, List, Select, Space, Spin, Tag, Typography } from 'antd';
import React, { useCallback, useEffect, useRef, useState } from 'react';
import { Access } from '@/components/Access';
import OrderPrintJobs from '@/components/PrintJobs';
import { useIsPhone } from '@/hooks/useIsPhone';
import { getOrder, printBill, settleOrder, type OrderDetail, type OrderLine } from '@/services/order';
import { errorText } from '@/utils/errors';
import { feedback } from '@/utils/feedback';
import { displayMoney } from '@/utils/money';
import { t } from '../../shared/text';
import CancelModal, { type CancelTarget } from './CancelModal';
import { formatInZone } from '@/utils/zone';

export const statusTag = (status: string) =>
  status === 'cancelled' ? <Tag color="red">{t('order.status.cancelled')}</Tag> : <Tag color="green">{t('order.status.normal')}</Tag>;
export const payTag = (pay: string) =>
  pay === 'settled' ? <Tag color="blue">{t('order.pay.settled')}</Tag> : <Tag color="orange">{t('order.pay.open')}</Tag>;

/** One order: lines with their cancellations, charges, settlement; cancel a dish or the order. */
const OrderDrawer: React.FC<{
  id?: number;
  reasons: API.DictItem[];
  payments: API.DictItem[];
  /** bumps when a live event names this order */
  version: number;
  onClose: () => void;
  onChanged: () => void;
}> = ({ id, reasons, payments, version, onClose, onChanged }) => {
  const phone = useIsPhone();
  const [order, setOrder] = useState<OrderDetail>();
  const [cancel, setCancel] = useState<CancelTarget>();
  const [method, setMethod] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [printing, setPrinting] = useState(false);
  // A live event about the open order refreshes it in place: blanking the drawer on every event
  // (a print job's progress, another waiter's change) made its buttons jump away under a finger.
  const shown = useRef(id);
  shown.current = id;
  const load = useCallback(() => {
    if (id)
      getOrder(id)
        .then((o) => {
          if (shown.current === id) setOrder(o);
        })
        .catch(() => undefined);
  }, [id]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another order's id clears the last one's view at once, before it loads
  useEffect(() => setOrder(undefined), [id]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the parent's reload signal
  useEffect(load, [load, version]);

  const money = (n: number) => (order ? displayMoney(n, order.currencyDigits, order.currency) : '');
  const editable = order && order.status === 'normal' && order.payStatus === 'open';
  const settle = async () => {
    if (!order || !method) {
      feedback.error(t('order.settle.methodRequired'));
      return;
    }
    setBusy(true);
    try {
      setOrder(await settleOrder(order.id, method));
      feedback.success(t('order.settle.succeed'));
      onChanged();
    } catch (e) {
      feedback.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const print = async () => {
    if (!order) return;
    setPrinting(true);
    try {
      const r = await printBill(order.id);
      feedback.success(r.jobs.some((j) => j.reprint) ? t('order.bill.reprinted') : t('order.bill.printed'));
    } catch (e) {
      feedback.error(errorText(e));
    } finally {
      setPrinting(false);
    }
  };
  const pending = order?.cancellations.some((c) => c.status === 'pending');

  const lineView = (l: OrderLine) => (
    <List.Item
      key={l.id}
      data-testid={`order-line-${l.id}`}
      actions={
        editable && l.quantity > l.cancelledQty
          ? [
              <Access key="cancel" code="order:order:edit">
                <Button size="small" danger data-testid="order-line-cancel" onClick={() => order && setCancel({ order, line: l })}>
                  {t('order.cancel.dish')}
                </Button>
              </Access>,
            ]
          : []
      }
    >
      <List.Item.Meta
        title={
          <Space wrap size={4}>
            <Typography.Text delete={l.status === 'cancelled'} strong>
              {l.dishName}
            </Typography.Text>
            <span>× {l.quantity}</span>
            {l.cancelledQty ? <Tag color="red">{t('order.line.cancelled', { n: l.cancelledQty })}</Tag> : null}
            {l.promotion ? <Tag color="magenta">{l.promotion}</Tag> : null}
            {order && order.rounds > 1 ? <Tag>{t('order.line.round', { n: l.round })}</Tag> : null}
          </Space>
        }
        description={
          <Space direction="vertical" size={0}>
            {l.options.length ? <span>{l.options.join(' · ')}</span> : null}
            <span>
              {money(l.unitPrice)} × {l.quantity - l.cancelledQty} = <b>{money(l.amount)}</b>
            </span>
            {l.remark ? <span>{t('order.remark')}: {l.remark}</span> : null}
            {(l.cancellations ?? []).map((c) => (
              <Typography.Text key={c.id} type={c.status === 'pending' ? 'warning' : 'secondary'}>
                {t(`order.cancellation.${c.status}`, { n: c.quantity, reason: c.reasonLabel, by: c.requestedName })}
                {c.remark ? ` (${c.remark})` : ''}
              </Typography.Text>
            ))}
          </Space>
        }
      />
    </List.Item>
  );

  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      width={phone ? '100%' : 560}
      title={order ? t('order.detail.title', { no: order.orderNo }) : ''}
      destroyOnClose
      data-testid="order-drawer"
      extra={
        order ? (
          <Access code="order:order:edit">
            <Space wrap size={4}>
              <Button
                icon={<PrinterOutlined />}
                loading={printing}
                onClick={print}
                aria-label={t('order.bill.print')}
                data-testid="order-print-bill"
              >
                {phone ? null : t('order.bill.print')}
              </Button>
              {editable ? (
                <Button danger data-testid="order-cancel-whole" onClick={() => order && setCancel({ order })}>
                  {t('order.cancel.order')}
                </Button>
              ) : null}
            </Space>
          </Access>
        ) : null
      }
    >
      {!order ? (
        <Spin />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} size={16}>
          {pending ? (
            <Tag color="warning" data-testid="order-pending-approval">
              {t('order.approval.inInbox')}
            </Tag>
          ) : null}
          <Descriptions size="small" column={phone ? 1 : 2} bordered>
            <Descriptions.Item label={t('order.tableNo')}>{order.tableNo}</Descriptions.Item>
            <Descriptions.Item label={t('order.placedAt')}>{formatInZone(order.placedAt, order.timeZone, 'YYYY-MM-DD HH:mm')}</Descriptions.Item>
            <Descriptions.Item label={t('order.status')}>
              <Space size={4}>
                {statusTag(order.status)}
                {payTag(order.payStatus)}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('order.rounds')}>{order.rounds}</Descriptions.Item>
            {order.remark ? (
              <Descriptions.Item label={t('order.remark')} span={2}>
                {order.remark}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <List size="small" bordered dataSource={order.lines} renderItem={lineView} />
          <Descriptions size="small" column={1} bordered data-testid="order-totals">
            {order.discount ? (
              <Descriptions.Item label={t('order.discount')}>- {money(order.discount)}</Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t('order.subtotal')}>{money(order.subtotal)}</Descriptions.Item>
            <Descriptions.Item label={t('order.serviceCharge', { rate: order.serviceRate / 100 })}>
              {money(order.serviceCharge)}
            </Descriptions.Item>
            <Descriptions.Item label={t(order.taxIncluded ? 'order.taxIncluded' : 'order.tax', { rate: order.taxRate / 100 })}>
              {money(order.tax)}
            </Descriptions.Item>
            <Descriptions.Item label={t('order.total')}>
              <b data-testid="order-total">{money(order.total)}</b>
            </Descriptions.Item>
            {order.payStatus === 'settled' ? (
              <Descriptions.Item label={t('order.settle.paid')}>
                {payments.find((p) => p.dictValue === order.paymentMethod)?.dictKey ?? order.paymentMethod} ·{' '}
                {order.settledBy} · {formatInZone(order.settledAt, order.timeZone, 'YYYY-MM-DD HH:mm')}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <Access code="printing:job:query">
            <OrderPrintJobs venueId={order.venueId} orderId={order.id} />
          </Access>
          {order.cancellations.some((c) => c.lineId === 0) ? (
            <Space direction="vertical" size={0}>
              {order.cancellations
                .filter((c) => c.lineId === 0)
                .map((c) => (
                  <Typography.Text key={c.id} type={c.status === 'pending' ? 'warning' : 'secondary'}>
                    {t(`order.cancellation.whole.${c.status}`, { reason: c.reasonLabel, by: c.requestedName })}
                  </Typography.Text>
                ))}
            </Space>
          ) : null}
          {editable ? (
            <Access code="order:order:edit">
              <Space wrap>
                <Select
                  style={{ minWidth: 180 }}
                  placeholder={t('order.settle.method')}
                  value={method}
                  onChange={setMethod}
                  options={payments.map((p) => ({ value: p.dictValue, label: p.dictKey }))}
                  data-testid="order-settle-method"
                />
                <Button type="primary" loading={busy} onClick={settle} data-testid="order-settle">
                  {t('order.settle')}
                </Button>
              </Space>
            </Access>
          ) : null}
        </Space>
      )}
      <CancelModal
        target={cancel}
        reasons={reasons}
        onClose={() => setCancel(undefined)}
        onDone={(r) => {
          setCancel(undefined);
          setOrder(r.order);
          onChanged();
        }}
      />
    </Drawer>
  );
};

export default OrderDrawer;
