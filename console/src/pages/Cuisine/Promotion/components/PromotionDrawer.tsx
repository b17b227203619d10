/**
 * Create / edit drawer of a promotion: name, period (dates, wall clock of each venue), days of
 * the week, and the rows — picked dishes, each with a mode (amount off or percent off), the value,
 * the original price and the computed promotion price and discount. The prices are computed here
 * with the server's integer arithmetic (percent rounded half up to the minor unit), and the
 * server's answer (overlaps, rows whose price is not lower) is shown on the rows it names.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Checkbox,
  DatePicker,
  Empty,
  Form,
  Input,
  Select,
  Skeleton,
  Space,
  Table,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import React, { useEffect, useMemo, useState } from 'react';
import FormAlert from '@/components/FormAlert';
import {
  createPromotion,
  getPromotion,
  updatePromotion,
  type Dish,
  type Promotion,
  type PromotionMode,
} from '@/services/cuisine';
import { errorText } from '@/utils/errors';
import { feedback } from '@/utils/feedback';
import { activeLocale, formatMessage } from '@/utils/intl';
import { displayMoney } from '@/utils/money';
import { RequestError } from '@/utils/request';
import {
  checkRow,
  checkRows,
  rowIndexOf,
  rowsInput,
  rowValueText,
  type PromotionRowForm,
} from '../promotionRules';
import { t } from '../../shared/text';
import DishPicker from './DishPicker';
import Sheet from '@/components/Sheet';

/** Weekday names of the active language, Monday = 1 (2024-01-01 was a Monday). */
export function weekdayNames(style: 'short' | 'long' = 'short'): Record<number, string> {
  const fmt = new Intl.DateTimeFormat(activeLocale().locale, { weekday: style, timeZone: 'UTC' });
  return Object.fromEntries(
    [1, 2, 3, 4, 5, 6, 7].map((d) => [d, fmt.format(new Date(Date.UTC(2024, 0, d)))]),
  );
}

interface HeadValues {
  name: string;
  period: [Dayjs, Dayjs];
  days: number[];
}

const PromotionDrawer: React.FC<{
  open: boolean;
  promotion?: Promotion;
  currency: string;
  digits: number;
  onClose: () => void;
  onSaved: () => void;
}> = ({ open, promotion, currency: pageCurrency, digits: pageDigits, onClose, onSaved }) => {
  const [form] = Form.useForm<HeadValues>();
  const [rows, setRows] = useState<PromotionRowForm[]>([]);
  // the user added, changed or removed a dish row since the drawer opened (unsaved input)
  const [rowsEdited, setRowsEdited] = useState(false);
  const [serverRowErrors, setServerRowErrors] = useState<Map<number, string>>(new Map());
  const [showRowErrors, setShowRowErrors] = useState(false);
  const [alert, setAlert] = useState<string>();
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [picking, setPicking] = useState(false);
  const [money, setMoney] = useState({ currency: pageCurrency, digits: pageDigits });
  const days = useMemo(() => weekdayNames(), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: fills the form when it opens or another promotion is chosen, not when the parent hands over a fresh copy of the same one (that would wipe what the user typed)
  useEffect(() => {
    if (!open) return;
    setAlert(undefined);
    setServerRowErrors(new Map());
    setShowRowErrors(false);
    setRowsEdited(false);
    form.resetFields();
    setMoney({ currency: pageCurrency, digits: pageDigits });
    if (!promotion) {
      setRows([]);
      form.setFieldsValue({ days: [], period: [dayjs().startOf('day'), dayjs().add(30, 'day').startOf('day')] });
      return;
    }
    let live = true;
    setLoading(true);
    getPromotion(promotion.id)
      .then((p) => {
        if (!live) return;
        setMoney({ currency: p.currency, digits: p.currencyDigits });
        form.setFieldsValue({ name: p.name, period: [dayjs(p.startAt), dayjs(p.endAt)], days: p.days.length === 7 ? [] : p.days });
        setRows(
          p.rows.map((r) => ({
            dishId: r.dishId,
            dishName: r.dishName,
            dishNumber: r.dishNumber,
            originalPrice: r.currentPrice,
            mode: r.mode,
            valueText: rowValueText(r.mode, r.value, p.currencyDigits),
          })),
        );
      })
      .catch(() => live && onClose())
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [open, promotion?.id]);

  const { digits, currency } = money;
  const update = (index: number, patch: Partial<PromotionRowForm>) => {
    setRowsEdited(true);
    setRows((prev) => prev.map((r, i) => (i === index ? { ...r, ...patch } : r)));
    setServerRowErrors((prev) => {
      if (!prev.has(index)) return prev;
      const next = new Map(prev);
      next.delete(index);
      return next;
    });
  };
  const removeRow = (index: number) => {
    setRowsEdited(true);
    setRows((prev) => prev.filter((_, i) => i !== index));
    setServerRowErrors(new Map());
  };
  const addDishes = (dishes: Dish[]) => {
    if (dishes.length) setRowsEdited(true);
    if (dishes.length && !rows.length) setMoney({ currency: dishes[0].currency, digits: dishes[0].currencyDigits });
    setRows((prev) => [
      ...prev,
      ...dishes
        .filter((d) => !prev.some((r) => r.dishId === d.id))
        .map(
          (d): PromotionRowForm => ({
            dishId: d.id,
            dishName: d.name,
            dishNumber: d.number,
            originalPrice: d.discountPrice ?? d.price,
            mode: 'percent',
            valueText: '',
          }),
        ),
    ]);
    setAlert(undefined);
    setShowRowErrors(false);
    setPicking(false);
  };

  const rowProblem = (row: PromotionRowForm, index: number): string | undefined => {
    const server = serverRowErrors.get(index);
    if (server) return server;
    if (!showRowErrors) return undefined;
    const { problem } = checkRow(row, index, digits);
    return problem ? t(problem.key, problem.values) : undefined;
  };

  const submit = async () => {
    setAlert(undefined);
    setServerRowErrors(new Map());
    let head: HeadValues | undefined;
    try {
      head = await form.validateFields();
    } catch {
      head = undefined;
    }
    const check = checkRows(rows, digits);
    setShowRowErrors(true);
    if (check.empty) {
      setAlert(t('cuisine.promotion.selectOne'));
      return;
    }
    if (check.problems.size) {
      const [index, first] = [...check.problems.entries()][0];
      setAlert(t(first.key, first.values));
      document.querySelector(`[data-row-index="${index}"]`)?.scrollIntoView({ block: 'center' });
      return;
    }
    if (!head) return;
    const body = {
      name: head.name.trim(),
      startAt: head.period[0].format('YYYY-MM-DD'),
      endAt: head.period[1].format('YYYY-MM-DD'),
      days: [...(head.days ?? [])].sort(),
      rows: rowsInput(rows, digits),
    };
    setSaving(true);
    try {
      if (promotion) await updatePromotion(promotion.id, body);
      else await createPromotion(body);
      feedback.success(formatMessage({ id: 'common.modifySucceed' }));
      onSaved();
    } catch (e) {
      // overlaps (10003) and row rules (10001) name rows[i].…: shown on the rows, the msg above
      if (e instanceof RequestError && e.fields) {
        const byRow = new Map<number, string>();
        const rest: string[] = [];
        Object.entries(e.fields).forEach(([field, message]) => {
          const index = rowIndexOf(field);
          if (index !== undefined) byRow.set(index, message);
          else if (field === 'name') form.setFields([{ name: 'name', errors: [message] }]);
          else if (field === 'startAt' || field === 'endAt') form.setFields([{ name: 'period', errors: [message] }]);
          else if (field === 'days') form.setFields([{ name: 'days', errors: [message] }]);
          else rest.push(message);
        });
        setServerRowErrors(byRow);
        setAlert(byRow.size || rest.length ? e.message || rest.join(' ') : undefined);
      } else setAlert(errorText(e));
    } finally {
      setSaving(false);
    }
  };

  const columns = [
    {
      title: t('cuisine.promotion.row'),
      key: 'index',
      width: 56,
      render: (_: unknown, __: PromotionRowForm, i: number) => i + 1,
    },
    {
      title: t('cuisine.promotion.dish'),
      key: 'dish',
      render: (_: unknown, r: PromotionRowForm) => (
        <Space direction="vertical" size={0}>
          <span>{r.dishName}</span>
          {r.dishNumber ? <Typography.Text type="secondary">{r.dishNumber}</Typography.Text> : null}
        </Space>
      ),
    },
    {
      title: t('cuisine.promotion.originalPrice'),
      key: 'original',
      align: 'right' as const,
      render: (_: unknown, r: PromotionRowForm) => displayMoney(r.originalPrice, digits),
    },
    {
      title: t('cuisine.promotion.mode'),
      key: 'mode',
      width: 150,
      render: (_: unknown, r: PromotionRowForm, i: number) => (
        <Select<PromotionMode>
          value={r.mode}
          style={{ width: '100%' }}
          data-testid={`promo-mode-${i}`}
          placeholder={t('cuisine.select')}
          onChange={(mode) => update(i, { mode, valueText: '' })}
          options={[
            { value: 'percent', label: t('cuisine.promotion.mode.percent') },
            { value: 'fixed', label: t('cuisine.promotion.mode.fixed') },
          ]}
        />
      ),
    },
    {
      title: t('cuisine.promotion.value'),
      key: 'value',
      width: 220,
      render: (_: unknown, r: PromotionRowForm, i: number) => {
        const problem = rowProblem(r, i);
        return (
          <div data-row-index={i}>
            <Input
              value={r.valueText}
              status={problem ? 'error' : undefined}
              inputMode="decimal"
              data-testid={`promo-value-${i}`}
              addonAfter={r.mode === 'percent' ? '%' : currency}
              placeholder={r.mode === 'percent' ? '20' : '0.00'}
              onChange={(e) => update(i, { valueText: e.target.value })}
            />
            {problem ? (
              <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid={`promo-row-error-${i}`}>
                {problem}
              </Typography.Text>
            ) : null}
          </div>
        );
      },
    },
    {
      title: t('cuisine.promotion.promotionPrice'),
      key: 'price',
      align: 'right' as const,
      render: (_: unknown, r: PromotionRowForm, i: number) => {
        const c = checkRow(r, i, digits);
        return c.promotionPrice === undefined ? (
          '-'
        ) : (
          <Typography.Text strong type={c.problem ? 'danger' : undefined} data-testid={`promo-price-${i}`}>
            {displayMoney(c.promotionPrice, digits)}
          </Typography.Text>
        );
      },
    },
    {
      title: t('cuisine.promotion.discount'),
      key: 'discount',
      align: 'right' as const,
      render: (_: unknown, r: PromotionRowForm, i: number) => {
        const c = checkRow(r, i, digits);
        return c.discount === undefined ? '-' : <span data-testid={`promo-discount-${i}`}>{displayMoney(c.discount, digits)}</span>;
      },
    },
    {
      title: '',
      key: 'remove',
      width: 48,
      render: (_: unknown, __: PromotionRowForm, i: number) => (
        <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('cuisine.delete')} onClick={() => removeRow(i)} />
      ),
    },
  ];

  return (
    <Sheet
      open={open}
      width="min(1080px, 96vw)"
      title={promotion ? t('cuisine.promotion.edit') : t('cuisine.promotion.add')}
      onClose={onClose}
      dirty={() => rowsEdited || form.isFieldsTouched()}
      destroyOnClose
      forceRender
      extra={
        <Space>
          <Button onClick={onClose}>{formatMessage({ id: 'common.cancel' })}</Button>
          <Button type="primary" loading={saving} onClick={submit} data-testid="promotion-save">
            {formatMessage({ id: 'common.save' })}
          </Button>
        </Space>
      }
    >
      <FormAlert message={alert} testId="promotion-alert" />
      {loading ? <Skeleton active /> : null}
      <div style={loading ? { display: 'none' } : undefined}>
        <Form<HeadValues> form={form} name="cuisinePromotion" layout="vertical">
          <Space wrap size={16} align="start">
            <Form.Item
              name="name"
              label={t('cuisine.promotion.name')}
              style={{ minWidth: 280 }}
              rules={[{ required: true, whitespace: true, message: t('cuisine.required', { field: t('cuisine.promotion.name') }) }]}
            >
              <Input maxLength={64} data-testid="promotion-name" />
            </Form.Item>
            <Form.Item
              name="period"
              label={t('cuisine.promotion.period')}
              tooltip={t('cuisine.promotion.period.hint')}
              rules={[{ required: true, message: t('cuisine.required', { field: t('cuisine.promotion.period') }) }]}
            >
              <DatePicker.RangePicker allowClear={false} data-testid="promotion-period" />
            </Form.Item>
          </Space>
          <Form.Item name="days" label={t('cuisine.promotion.days')} extra={t('cuisine.promotion.days.hint')}>
            <Checkbox.Group options={[1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: days[d] }))} />
          </Form.Item>
        </Form>
        <Space style={{ marginBottom: 12 }}>
          <Button icon={<PlusOutlined />} onClick={() => setPicking(true)} data-testid="promotion-pick">
            {t('cuisine.promotion.pickDishes')}
          </Button>
          <Typography.Text type="secondary">{t('cuisine.promotion.rule')}</Typography.Text>
        </Space>
        <Table<PromotionRowForm>
          size="small"
          rowKey="dishId"
          columns={columns}
          dataSource={rows}
          pagination={false}
          data-testid="promotion-rows"
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('cuisine.promotion.noRows')} /> }}
        />
      </div>
      <DishPicker open={picking} taken={rows.map((r) => r.dishId)} onClose={() => setPicking(false)} onPick={addDishes} />
    </Sheet>
  );
};

export default PromotionDrawer;
