import { Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import React, { useEffect, useState } from 'react';
import { cancelOrder, type CancelResult, type OrderDetail, type OrderLine } from '@/services/order';
import { showFormError } from '@/utils/fieldErrors';
import { feedback } from '@/utils/feedback';
import { displayMoney } from '@/utils/money';
import { t } from '../../shared/text';
import { useDiscardGuard } from '@/components/Sheet';

export interface CancelTarget {
  order: OrderDetail;
  /** undefined: the whole order */
  line?: OrderLine;
}

/**
 * Cancelling a dish (all or part of its quantity) or the whole order, after confirmation, with a
 * reason from the `cancel_reason` dictionary. Above the venue's amount the server keeps it as a
 * request for a manager; the answer says which happened.
 */
const CancelModal: React.FC<{
  target?: CancelTarget;
  reasons: API.DictItem[];
  onClose: () => void;
  onDone: (r: CancelResult) => void;
}> = ({ target, reasons, onClose, onDone }) => {
  const [form] = Form.useForm();
  const guard = useDiscardGuard(() => form.isFieldsTouched());
  const [busy, setBusy] = useState(false);
  const line = target?.line;
  const left = line ? line.quantity - line.cancelledQty : 0;
  const qty = Form.useWatch('quantity', form) as number | undefined;
  useEffect(() => {
    if (target) form.setFieldsValue({ quantity: left || undefined, reason: undefined, remark: '' });
  }, [target, left, form]);

  if (!target) return null;
  const { order } = target;
  const amount = line ? line.unitPrice * (qty ?? left) : order.subtotal;
  const needsApproval = amount > order.approvalAbove;

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      const res = await cancelOrder(order.id, {
        lineId: line?.id ?? 0,
        quantity: line ? values.quantity : 0,
        reason: values.reason,
        remark: values.remark,
      });
      feedback.success(res.applied ? t('order.cancel.succeed') : t('order.cancel.pending'));
      onDone(res);
    } catch (e) {
      const rest = showFormError(form, e, ['quantity', 'reason', 'remark']);
      if (rest) feedback.error(rest);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={line ? t('order.cancel.dishTitle', { dish: line.dishName }) : t('order.cancel.orderTitle', { no: order.orderNo })}
      okText={t('order.cancel.confirm')}
      okButtonProps={{ danger: true, loading: busy, ...{ 'data-testid': 'order-cancel-ok' } }}
      onOk={submit}
      onCancel={guard(onClose)}
      destroyOnClose
    >
      <Form form={form} layout="vertical" data-testid="order-cancel-form">
        {line ? (
          <Form.Item
            name="quantity"
            label={t('order.cancel.quantity')}
            rules={[{ required: true, message: t('order.cancel.quantityRequired') }]}
          >
            <InputNumber min={1} max={left} precision={0} style={{ width: 140 }} data-testid="order-cancel-qty" />
          </Form.Item>
        ) : null}
        <Form.Item
          name="reason"
          label={t('order.cancel.reason')}
          rules={[{ required: true, message: t('order.cancel.reasonRequired') }]}
        >
          <Select
            data-testid="order-cancel-reason"
            options={reasons.map((r) => ({ value: r.dictValue, label: r.dictKey }))}
            placeholder={t('order.cancel.reasonRequired')}
          />
        </Form.Item>
        <Form.Item name="remark" label={t('order.cancel.remark')}>
          <Input.TextArea maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Typography.Paragraph type={needsApproval ? 'warning' : 'secondary'} data-testid="order-cancel-amount">
          {t('order.cancel.amount', { amount: displayMoney(amount, order.currencyDigits, order.currency) })}
          {needsApproval ? ` ${t('order.cancel.needsApproval')}` : ''}
        </Typography.Paragraph>
      </Form>
    </Modal>
  );
};

export default CancelModal;
