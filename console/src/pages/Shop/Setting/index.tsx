/**
 * /shop/setting: a venue's settings, edited by its staff. Profile (name, logo, contact, mobile,
 * address, area), time zone and currency (fixed once the venue has orders), opening hours per
 * weekday with closed dates, tax and service charge (with a worked example), ordering mode,
 * guest languages, order number prefix, receipt texts and the cancellation approval amount.
 * A change saved elsewhere shows up here (polled every 30 s while the page is visible).
 */
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Form,
  Input,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import React, { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import FormAlert from '@/components/FormAlert';
import { Access, useOperation } from '@/components/Access';
import { LOCALES, toServerLocale } from '@/locales';
import {
  getSettings,
  saveSettings,
  type DayHours,
  type SettingsInput,
  type VenueSettings,
} from '@/services/shop';
import { feedback } from '@/utils/feedback';
import { showFormError } from '@/utils/fieldErrors';
import { formatMessage } from '@/utils/intl';
import {
  currencyDigits,
  displayMoney,
  formatMajor,
  formatPercent,
  parseMajor,
  parsePercent,
} from '@/utils/money';
import ImagesUpload from '../../Cuisine/shared/ImagesUpload';
import ConfigurePage, { type VenueProps } from '../../Configure/shared/ConfigurePage';
import { t } from '../../Configure/shared/text';
import { usePoll } from '../../Configure/shared/usePoll';
import OpeningHours from './components/OpeningHours';
import './settings.css';
import { charges, dayProblem, normalizeHours } from './logic';

const CURRENCIES = [
  'CNY',
  'HKD',
  'TWD',
  'MOP',
  'JPY',
  'KRW',
  'SGD',
  'MYR',
  'THB',
  'VND',
  'IDR',
  'PHP',
  'INR',
  'USD',
  'CAD',
  'MXN',
  'BRL',
  'EUR',
  'GBP',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'TRY',
  'RUB',
  'AED',
  'SAR',
  'QAR',
  'KWD',
  'BHD',
  'OMR',
  'JOD',
  'EGP',
  'ILS',
  'ZAR',
  'AUD',
  'NZD',
];

const timeZones = (): string[] => {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['Asia/Shanghai', 'UTC'];
};

interface Values {
  name: string;
  logo: string[];
  contact: string;
  mobile: string;
  address: string;
  areaCode: string;
  timezone: string;
  currency: string;
  openingHours: DayHours[];
  closedDates: Dayjs[];
  taxRate: string;
  pricesIncludeTax: boolean;
  serviceCharge: string;
  orderingMode: SettingsInput['orderingMode'];
  guestLanguages: string[];
  defaultLanguage: string;
  orderPrefix: string;
  receiptHeader: string;
  receiptFooter: string;
  cancelApprovalAbove: string;
}

const FIELDS = [
  'name',
  'logo',
  'contact',
  'mobile',
  'address',
  'areaCode',
  'timezone',
  'currency',
  'openingHours',
  'closedDates',
  'taxRate',
  'serviceCharge',
  'orderingMode',
  'guestLanguages',
  'defaultLanguage',
  'orderPrefix',
  'receiptHeader',
  'receiptFooter',
  'cancelApprovalAbove',
];

function toValues(s: VenueSettings): Values {
  return {
    name: s.name,
    logo: s.logo ? [s.logo] : [],
    contact: s.contact,
    mobile: s.mobile,
    address: s.address,
    areaCode: s.areaCode,
    timezone: s.timezone,
    currency: s.currency,
    openingHours: normalizeHours(s.openingHours),
    closedDates: (s.closedDates ?? []).map((d) => dayjs(d)),
    taxRate: formatPercent(s.taxRate),
    pricesIncludeTax: s.pricesIncludeTax,
    serviceCharge: formatPercent(s.serviceCharge),
    orderingMode: s.orderingMode,
    guestLanguages: s.guestLanguages,
    defaultLanguage: s.defaultLanguage,
    orderPrefix: s.orderPrefix,
    receiptHeader: s.receiptHeader,
    receiptFooter: s.receiptFooter,
    cancelApprovalAbove: formatMajor(s.cancelApprovalAbove, s.currencyDigits),
  };
}

/** A card of the settings form (profile, hours, charges, ordering). */
const Section: React.FC<{ title: string; children: React.ReactNode }> = ({ title, children }) => (
  <Card title={title} size="small" style={{ marginBottom: 12 }}>
    {children}
  </Card>
);

/** A percentage field (tax rate, service charge), refused unless parsePercent reads it. */
const PercentItem: React.FC<{ name: keyof Values; label: string; testId: string }> = ({
  name,
  label,
  testId,
}) => (
  <Form.Item
    name={name}
    label={label}
    rules={[
      {
        validator: (_: unknown, value: string) =>
          parsePercent(value) === undefined
            ? Promise.reject(new Error(t('shop.percentFormat')))
            : Promise.resolve(),
      },
    ]}
  >
    <Input suffix="%" inputMode="decimal" style={{ maxWidth: 160 }} data-testid={testId} />
  </Form.Item>
);

const SettingsForm: React.FC<VenueProps> = ({ venueId }) => {
  const [form] = Form.useForm<Values>();
  const { can } = useOperation();
  const editable = can('shop:setting:edit');
  const [loaded, setLoaded] = useState<VenueSettings>();
  const [saving, setSaving] = useState(false);
  const [alert, setAlert] = useState<string>();
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  const loadedAt = useRef<string>();

  const load = useCallback(async () => {
    const s = await getSettings(venueId);
    setLoaded(s);
    loadedAt.current = s.updatedAt;
    form.resetFields();
    form.setFieldsValue(toValues(s));
    setChangedElsewhere(false);
  }, [form, venueId]);

  useEffect(() => {
    load().catch(() => undefined);
  }, [load]);

  // Another user's save: taken over at once when nothing is being typed, else announced.
  usePoll(async () => {
    const s = await getSettings(venueId);
    if (s.updatedAt === loadedAt.current) return;
    if (form.isFieldsTouched()) setChangedElsewhere(true);
    else await load();
  }, 30_000);

  const currency = Form.useWatch('currency', form) ?? loaded?.currency;
  const digits = currencyDigits(currency);
  const chosen = Form.useWatch('guestLanguages', form) ?? [];
  const taxRate = parsePercent(Form.useWatch('taxRate', form)) ?? 0;
  const serviceCharge = parsePercent(Form.useWatch('serviceCharge', form)) ?? 0;
  const included = Form.useWatch('pricesIncludeTax', form) ?? true;
  const example = useMemo(() => {
    const subtotal = 100 * 10 ** digits;
    return charges(subtotal, { taxRate, serviceCharge, pricesIncludeTax: included });
  }, [digits, taxRate, serviceCharge, included]);

  const submit = async () => {
    setAlert(undefined);
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const body: SettingsInput = {
      name: v.name?.trim() ?? '',
      logo: v.logo?.[0] ?? '',
      contact: v.contact ?? '',
      mobile: v.mobile ?? '',
      address: v.address ?? '',
      areaCode: v.areaCode ?? '',
      timezone: v.timezone,
      currency: v.currency,
      openingHours: v.openingHours,
      closedDates: (v.closedDates ?? []).map((d) => d.format('YYYY-MM-DD')),
      taxRate: parsePercent(v.taxRate) ?? -1,
      pricesIncludeTax: !!v.pricesIncludeTax,
      serviceCharge: parsePercent(v.serviceCharge) ?? -1,
      orderingMode: v.orderingMode,
      guestLanguages: v.guestLanguages ?? [],
      defaultLanguage: v.defaultLanguage,
      orderPrefix: (v.orderPrefix ?? '').toUpperCase(),
      receiptHeader: v.receiptHeader ?? '',
      receiptFooter: v.receiptFooter ?? '',
      cancelApprovalAbove: parseMajor(v.cancelApprovalAbove, digits) ?? -1,
    };
    setSaving(true);
    try {
      const saved = await saveSettings(venueId, body);
      setLoaded(saved);
      loadedAt.current = saved.updatedAt;
      form.setFieldsValue(toValues(saved));
      form.setFields(FIELDS.map((name) => ({ name, touched: false })) as never);
      setChangedElsewhere(false);
      feedback.success(formatMessage({ id: 'common.modifySucceed' }));
    } catch (e) {
      setAlert(showFormError(form, e, FIELDS, { scroll: true }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      name="shopSettings"
      disabled={!editable}
      onFinish={submit}
      scrollToFirstError
    >
      {changedElsewhere ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('shop.changedElsewhere')}
          action={
            <Button size="small" onClick={() => load()}>
              {t('shop.reload')}
            </Button>
          }
          data-testid="settings-changed-elsewhere"
        />
      ) : null}
      <FormAlert message={alert} testId="settings-error" gap={12} />
      <Section title={t('shop.section.profile')}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="name"
              label={t('shop.field.name')}
              rules={[{ required: true, whitespace: true, message: t('shop.nameRequired') }]}
            >
              <Input maxLength={128} data-testid="settings-name" />
            </Form.Item>
            <Form.Item name="contact" label={t('shop.field.contact')}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="mobile" label={t('shop.field.mobile')}>
              <Input maxLength={16} inputMode="tel" />
            </Form.Item>
            <Form.Item name="address" label={t('shop.field.address')}>
              <Input maxLength={255} />
            </Form.Item>
            <Form.Item
              name="areaCode"
              label={t('shop.field.areaCode')}
              tooltip={t('shop.areaCodeHint')}
            >
              <Input maxLength={32} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="logo" label={t('shop.field.logo')}>
              <ImagesUpload max={1} />
            </Form.Item>
            <Form.Item
              name="timezone"
              label={t('shop.field.timezone')}
              rules={[{ required: true, message: t('shop.timezoneRequired') }]}
            >
              <Select
                showSearch
                options={timeZones().map((z) => ({ value: z, label: z }))}
                data-testid="settings-timezone"
              />
            </Form.Item>
            <Form.Item
              name="currency"
              label={t('shop.field.currency')}
              extra={loaded?.currencyLocked ? t('shop.currencyLocked') : t('shop.currencyHint')}
              rules={[{ required: true, message: t('shop.currencyRequired') }]}
            >
              <Select
                showSearch
                disabled={!editable || loaded?.currencyLocked}
                options={[...new Set([...(loaded ? [loaded.currency] : []), ...CURRENCIES])].map(
                  (c) => ({ value: c, label: c }),
                )}
                data-testid="settings-currency"
              />
            </Form.Item>
          </Col>
        </Row>
      </Section>

      <Section title={t('shop.section.hours')}>
        <Form.Item
          name="openingHours"
          rules={[
            {
              validator: (_, week: DayHours[]) =>
                week?.some((d, i) => dayProblem(d, week[(i + 1) % 7]))
                  ? Promise.reject(new Error(t('shop.hoursInvalid')))
                  : Promise.resolve(),
            },
          ]}
        >
          <OpeningHours />
        </Form.Item>
        <Form.Item
          name="closedDates"
          label={t('shop.field.closedDates')}
          extra={t('shop.closedDatesHint')}
        >
          <DatePicker
            multiple
            maxTagCount="responsive"
            style={{ width: '100%', maxWidth: 480 }}
            data-testid="settings-closed-dates"
          />
        </Form.Item>
      </Section>

      <Section title={t('shop.section.charges')}>
        <Row gutter={16}>
          <Col xs={24} sm={12} md={6}>
            <PercentItem name="taxRate" label={t('shop.field.taxRate')} testId="settings-tax" />
          </Col>
          <Col xs={24} sm={12} md={6}>
            <Form.Item
              name="pricesIncludeTax"
              label={t('shop.field.pricesIncludeTax')}
              valuePropName="checked"
            >
              <Switch data-testid="settings-tax-included" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={6}>
            <PercentItem
              name="serviceCharge"
              label={t('shop.field.serviceCharge')}
              testId="settings-service"
            />
          </Col>
          <Col xs={24} sm={12} md={6}>
            <Form.Item
              name="cancelApprovalAbove"
              label={t('shop.field.cancelApprovalAbove')}
              tooltip={t('shop.cancelApprovalHint')}
              rules={[
                {
                  validator: (_, v: string) =>
                    parseMajor(v, digits) === undefined || (parseMajor(v, digits) ?? 0) < 0
                      ? Promise.reject(new Error(t('shop.amountFormat')))
                      : Promise.resolve(),
                },
              ]}
            >
              <Input
                prefix={currency}
                inputMode="decimal"
                style={{ maxWidth: 200 }}
                data-testid="settings-cancel-approval"
              />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Text type="secondary" data-testid="settings-example">
          {t('shop.chargesExample', {
            subtotal: displayMoney(example.subtotal, digits, currency),
            service: displayMoney(example.serviceCharge, digits, currency),
            tax: displayMoney(example.tax, digits, currency),
            total: displayMoney(example.total, digits, currency),
          })}
        </Typography.Text>
      </Section>

      <Section title={t('shop.section.ordering')}>
        <Form.Item
          name="orderingMode"
          label={t('shop.field.orderingMode')}
          rules={[{ required: true, message: t('shop.orderingModeRequired') }]}
        >
          <Radio.Group>
            <Space direction="vertical">
              <Radio value="pay_after_meal">{t('shop.mode.pay_after_meal')}</Radio>
              <Radio value="pay_per_order">{t('shop.mode.pay_per_order')}</Radio>
            </Space>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="guestLanguages"
          label={t('shop.field.guestLanguages')}
          rules={[
            { required: true, type: 'array', min: 1, message: t('shop.guestLanguagesRequired') },
          ]}
        >
          <Checkbox.Group
            options={LOCALES.map((l) => ({ value: toServerLocale(l.code), label: l.label }))}
          />
        </Form.Item>
        <Form.Item
          name="defaultLanguage"
          label={t('shop.field.defaultLanguage')}
          dependencies={['guestLanguages']}
          rules={[
            { required: true, message: t('shop.defaultLanguageRequired') },
            ({ getFieldValue }) => ({
              validator: (_, v: string) =>
                !v || (getFieldValue('guestLanguages') ?? []).includes(v)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('shop.defaultLanguageOffered'))),
            }),
          ]}
        >
          <Select
            style={{ maxWidth: 280 }}
            options={LOCALES.filter((l) => chosen.includes(toServerLocale(l.code))).map((l) => ({
              value: toServerLocale(l.code),
              label: l.label,
            }))}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="orderPrefix"
              label={t('shop.field.orderPrefix')}
              tooltip={t('shop.orderPrefixHint')}
              normalize={(v: string) => (v ?? '').toUpperCase()}
              rules={[{ pattern: /^[A-Z0-9-]{0,8}$/, message: t('shop.orderPrefixFormat') }]}
            >
              <Input maxLength={8} style={{ maxWidth: 160 }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="receiptHeader" label={t('shop.field.receiptHeader')}>
              <Input.TextArea rows={3} maxLength={500} showCount />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="receiptFooter" label={t('shop.field.receiptFooter')}>
              <Input.TextArea rows={3} maxLength={500} showCount />
            </Form.Item>
          </Col>
        </Row>
      </Section>
      <Access code="shop:setting:edit">
        <Button type="primary" htmlType="submit" loading={saving} data-testid="settings-save">
          {t('shop.save')}
        </Button>
      </Access>
    </Form>
  );
};

const ShopSettingPage: React.FC = () => (
  <ConfigurePage testId="shop-setting">{(venue) => <SettingsForm {...venue} />}</ConfigurePage>
);

export default ShopSettingPage;
