/**
 * Create / edit drawer of an ad (spec sections 3 and 5): title, material type (switching clears
 * the materials), up to 9 images or 1 video each with its duration and the computed total,
 * broadcast dates and daily window, targets (venues or tablets, areas for platform placements)
 * with the number of tablets reached, and the link (none, a dish, an http/https URL).
 * The rules run before sending; the server's field errors are shown on the same fields.
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Col,
  DatePicker,
  Divider,
  Form,
  Image,
  Input,
  InputNumber,
  Radio,
  Row,
  Skeleton,
  Space,
  TimePicker,
  Typography,
  type ButtonProps,
  type FormInstance,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import React, { useEffect, useMemo, useState } from 'react';
import FormAlert from '@/components/FormAlert';
import {
  createAdvert,
  getAdvert,
  publishAdvert,
  updateAdvert,
  type Advert,
  type AdvertDetail,
  type MaterialType,
} from '@/services/advert';
import { feedback } from '@/utils/feedback';
import { showFormError } from '@/utils/fieldErrors';
import { formatMessage, formatNumber } from '@/utils/intl';
import { MAX_DURATION, MAX_IMAGES, totalDuration, type MaterialFormValue } from '../../shared/materialRules';
import { windowText } from '../../shared/periodRules';
import { seconds, t } from '../../shared/text';
import VideoThumb from '../../shared/VideoThumb';
import { useTablets, useVenues, type VenueOption } from '../../shared/useAdvertData';
import {
  advertFieldPlacement,
  advertToForm,
  buildAdvertInput,
  MAX_TITLE,
  type AdvertFormValues,
} from './advertForm';
import MaterialUploader from './MaterialUploader';
import { AreasSelect, DishSelect, TabletsSelect, VenuesSelect } from './Pickers';
import { tabletsReached, targetTypesOf, type AdvertKind } from './targetRules';
import Sheet from '@/components/Sheet';

const DATE = 'YYYY-MM-DD';
const TIME = 'HH:mm';

/** Typing in a field drops the message an earlier check or the server put on it. */
function clearErrorsOf(form: FormInstance<AdvertFormValues>, changed: Partial<AdvertFormValues>) {
  const names: (string | number)[][] = [];
  Object.keys(changed).forEach((k) => {
    names.push([k]);
    if (k === 'materials')
      (changed.materials ?? []).forEach((m, i) => {
        if (m) names.push(['materials', i, 'duration'], ['materials', i, 'url']);
      });
    if (k === 'targetType') names.push(['targetIds'], ['areaCodes']);
    if (k === 'linkType') names.push(['linkValue']);
    if (k === 'allDay') names.push(['daily']);
    if (k === 'materialType') names.push(['materials']);
  });
  const stale = names.filter((n) => form.getFieldError(n as never).length > 0);
  if (stale.length) form.setFields(stale.map((name) => ({ name, errors: [] })) as never);
}

export interface AdvertDrawerProps {
  open: boolean;
  kind: AdvertKind;
  /** the row being edited; undefined to create */
  advert?: Advert;
  onClose: () => void;
  onSaved: (ad: AdvertDetail, published: boolean) => void;
}

const AdvertDrawer: React.FC<AdvertDrawerProps> = ({ open, kind: createKind, advert, onClose, onSaved }) => {
  const { modal } = App.useApp();
  const [form] = Form.useForm<AdvertFormValues>();
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState<'save' | 'publish'>();
  const [alert, setAlert] = useState<string>();
  const [knownAreas, setKnownAreas] = useState<{ value: string; label: string }[]>([]);
  const kind: AdvertKind = advert ? (advert.request ? 'request' : advert.type === 'platform' ? 'platform' : 'merchant') : createKind;
  const { venues, loading: venuesLoading } = useVenues(open);
  const { tablets, loading: tabletsLoading } = useTablets(open);

  const materialType = Form.useWatch('materialType', form) as MaterialType | undefined;
  const materials = (Form.useWatch('materials', form) ?? []) as MaterialFormValue[];
  const targetType = Form.useWatch('targetType', form);
  const targetIds = Form.useWatch('targetIds', form) as number[] | undefined;
  const linkType = Form.useWatch('linkType', form);
  const allDay = Form.useWatch('allDay', form);
  const daily = Form.useWatch('daily', form) as [string, string] | undefined;

  const venueChoices: VenueOption[] = useMemo(
    () => (kind === 'merchant' ? venues.filter((v) => v.merchantId === 0 || !advert || v.merchantId === advert.merchantId) : venues),
    [venues, kind, advert],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: fills the form when it opens or another advert is chosen, not when the parent hands over a fresh copy of the same one (that would wipe what the user typed)
  useEffect(() => {
    if (!open) return undefined;
    setAlert(undefined);
    form.resetFields();
    setKnownAreas([]);
    if (!advert) {
      form.setFieldsValue({
        materialType: 'image',
        materials: [],
        allDay: true,
        targetType: 'venue',
        targetIds: [],
        areaCodes: [],
        linkType: 'none',
      });
      return undefined;
    }
    let live = true;
    setLoading(true);
    getAdvert(advert.id)
      .then((detail) => {
        if (!live) return;
        form.setFieldsValue(advertToForm(detail) as never);
        setKnownAreas(
          detail.targets.filter((x) => x.kind === 'area' && x.areaCode).map((x) => ({ value: x.areaCode as string, label: x.name })),
        );
      })
      .catch(() => live && onClose())
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [open, advert?.id]);

  const reached = tabletsReached(targetType, targetIds, tablets);

  const switchMaterialType = (next: MaterialType) => {
    if (next === form.getFieldValue('materialType')) return;
    const apply = () => {
      form.setFieldsValue({ materialType: next, materials: [] });
      clearErrorsOf(form, { materialType: next });
    };
    if ((form.getFieldValue('materials') ?? []).length === 0) {
      apply();
      return;
    }
    modal.confirm({
      title: t('advert.materialType.switchTitle'),
      content: t('advert.materialType.switchConfirm'),
      okButtonProps: { 'data-testid': 'confirm-ok' } as ButtonProps,
      onOk: apply,
    });
  };

  const submit = async (andPublish: boolean) => {
    setAlert(undefined);
    form.setFields(
      form
        .getFieldsError()
        .filter((f) => f.errors.length)
        .map((f) => ({ name: f.name, errors: [] })) as never,
    );
    const values = form.getFieldsValue(true) as AdvertFormValues;
    const { problems, input } = buildAdvertInput(values, kind, dayjs().format(DATE));
    if (problems.length || !input) {
      form.setFields(problems.map((p) => ({ name: p.name, errors: [t(p.key, p.values)] })) as never);
      form.scrollToField(problems[0].name as never, { block: 'center' });
      return;
    }
    setSaving(andPublish ? 'publish' : 'save');
    let saved: AdvertDetail;
    try {
      saved = advert ? await updateAdvert(advert.id, input) : await createAdvert(input);
    } catch (e) {
      setSaving(undefined);
      setAlert(showFormError(form, e, advertFieldPlacement, { scroll: true }));
      return;
    }
    let published = false;
    if (andPublish) {
      try {
        saved = await publishAdvert(saved.id);
        published = true;
        // the spec's words, then what happened: the ad went to review
        feedback.success(`${formatMessage({ id: 'common.publishSucceed' })} · ${formatMessage({ id: 'ui.sentForReview' })}`);
      } catch {
        // the request layer showed why; the ad is saved as a draft and stays in the list
      }
    } else {
      feedback.success(formatMessage({ id: 'common.modifySucceed' }));
    }
    setSaving(undefined);
    onSaved(saved, published);
  };

  const title = advert
    ? t('advert.drawer.edit')
    : kind === 'request'
      ? t('advert.drawer.request')
      : kind === 'platform'
        ? t('advert.drawer.platform')
        : t('advert.drawer.create');

  return (
    <Sheet
      open={open}
      width="min(860px, 96vw)"
      title={title}
      onClose={onClose}
      dirty={() => form.isFieldsTouched()}
      destroyOnClose
      forceRender
      extra={
        <Space>
          <Button onClick={onClose}>{formatMessage({ id: 'common.cancel' })}</Button>
          <Button loading={saving === 'save'} disabled={!!saving} onClick={() => submit(false)} data-testid="advert-save">
            {t('advert.drawer.saveDraft')}
          </Button>
          <Button
            type="primary"
            loading={saving === 'publish'}
            disabled={!!saving}
            onClick={() => submit(true)}
            data-testid="advert-save-publish"
          >
            {t('advert.drawer.savePublish')}
          </Button>
        </Space>
      }
    >
      <FormAlert message={alert} testId="advert-alert" />
      {kind === 'request' && !advert ? (
        <Alert type="info" showIcon message={t('advert.request.hint')} style={{ marginBottom: 16 }} />
      ) : null}
      {advert?.status === 'rejected' && advert.opinion ? (
        <Alert
          type="warning"
          showIcon
          message={t('advert.opinion.rejected')}
          description={advert.opinion}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {loading ? <Skeleton active /> : null}
      <Form<AdvertFormValues>
        form={form}
        name="advertForm"
        layout="vertical"
        onValuesChange={(changed) => clearErrorsOf(form, changed)}
        style={loading ? { display: 'none' } : undefined}
      >
        <Form.Item name="title" label={t('advert.field.title')} required>
          <Input maxLength={MAX_TITLE} showCount data-testid="advert-title" />
        </Form.Item>

        <Divider orientation="left" plain>
          {t('advert.section.materials')}
        </Divider>
        <Form.Item name="materialType" hidden>
          <Input />
        </Form.Item>
        <Form.Item
          label={t('advert.field.materialType')}
          required
          validateStatus={form.getFieldError('materialType').length ? 'error' : undefined}
          help={form.getFieldError('materialType')[0]}
        >
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            data-testid="advert-material-type"
            onChange={(e) => switchMaterialType(e.target.value)}
            value={materialType}
            options={[
              { value: 'image', label: t('advert.materialType.image') },
              { value: 'video', label: t('advert.materialType.video') },
            ]}
          />
        </Form.Item>
        <Form.List name="materials">
          {(fields, { add, remove, move }, meta) => (
            <Form.Item label={t('advert.field.materials')} required>
              <Space direction="vertical" style={{ width: '100%' }}>
                {fields.map((field, i) => {
                  const url = materials[i]?.url ?? '';
                  return (
                    <Row key={field.key} gutter={8} align="middle" data-testid={`advert-material-${i}`}>
                      <Col flex="96px">
                        {materialType === 'video' ? (
                          <VideoThumb width={88} height={50} iconSize={22} />
                        ) : (
                          <Image src={url} width={88} height={50} style={{ objectFit: 'cover', borderRadius: 4 }} />
                        )}
                      </Col>
                      <Col flex="auto">
                        <Form.Item name={[field.name, 'url']} hidden>
                          <Input />
                        </Form.Item>
                        <Form.Item
                          name={[field.name, 'duration']}
                          style={{ marginBottom: 0 }}
                          label={t('advert.material.duration', { index: i + 1 })}
                          required
                        >
                          <InputNumber
                            min={1}
                            max={MAX_DURATION}
                            precision={0}
                            addonAfter={t('advert.unit.seconds')}
                            style={{ width: 180 }}
                            data-testid={`advert-duration-${i}`}
                          />
                        </Form.Item>
                      </Col>
                      <Col>
                        <Space size={0}>
                          {materialType !== 'video' ? (
                            <>
                              <Button
                                type="text"
                                size="small"
                                icon={<ArrowUpOutlined />}
                                disabled={i === 0}
                                aria-label={t('advert.material.up')}
                                onClick={() => move(i, i - 1)}
                              />
                              <Button
                                type="text"
                                size="small"
                                icon={<ArrowDownOutlined />}
                                disabled={i === fields.length - 1}
                                aria-label={t('advert.material.down')}
                                onClick={() => move(i, i + 1)}
                              />
                            </>
                          ) : null}
                          <Button
                            type="text"
                            size="small"
                            danger
                            icon={<DeleteOutlined />}
                            aria-label={t('advert.material.remove')}
                            onClick={() => remove(i)}
                            data-testid={`advert-material-remove-${i}`}
                          />
                        </Space>
                      </Col>
                    </Row>
                  );
                })}
                {materialType ? (
                  <MaterialUploader
                    materialType={materialType}
                    count={fields.length}
                    onAdd={(m) => add({ url: m.url, duration: m.duration })}
                  />
                ) : null}
                <Form.ErrorList errors={meta.errors} />
                <Typography.Text type="secondary" data-testid="advert-total">
                  {t('advert.materials.summary', {
                    count: fields.length,
                    max: materialType === 'video' ? 1 : MAX_IMAGES,
                    duration: seconds(totalDuration(materials)),
                  })}
                </Typography.Text>
              </Space>
            </Form.Item>
          )}
        </Form.List>

        <Divider orientation="left" plain>
          {t('advert.section.period')}
        </Divider>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="period"
              label={t('advert.field.dates')}
              required
              getValueProps={(v?: [string, string] | null) => ({ value: v ? [dayjs(v[0]), dayjs(v[1])] : null })}
              normalize={(v?: [Dayjs, Dayjs] | null) => (v?.[0] && v[1] ? [v[0].format(DATE), v[1].format(DATE)] : null)}
            >
              <DatePicker.RangePicker
                style={{ width: '100%' }}
                disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
                data-testid="advert-period"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('advert.field.daily')} required>
              <Space direction="vertical" style={{ width: '100%' }} size={4}>
                <Form.Item name="allDay" valuePropName="checked" noStyle>
                  <Checkbox data-testid="advert-all-day">{t('advert.window.allDay')}</Checkbox>
                </Form.Item>
                {!allDay ? (
                  <Form.Item
                    name="daily"
                    noStyle
                    getValueProps={(v?: [string, string] | null) => ({
                      value: v ? [dayjs(v[0], TIME), dayjs(v[1], TIME)] : null,
                    })}
                    normalize={(v?: [Dayjs, Dayjs] | null) => (v?.[0] && v[1] ? [v[0].format(TIME), v[1].format(TIME)] : null)}
                  >
                    <TimePicker.RangePicker format={TIME} order={false} minuteStep={5} style={{ width: '100%' }} data-testid="advert-daily" />
                  </Form.Item>
                ) : null}
                <Form.Item shouldUpdate noStyle>
                  {() => {
                    const errors = form.getFieldError('daily');
                    return errors.length ? <Form.ErrorList errors={errors} /> : null;
                  }}
                </Form.Item>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {allDay ? t('advert.window.allDayHint') : daily?.[0] && daily?.[1] ? windowText(daily[0], daily[1] === '00:00' ? '24:00' : daily[1], t) : t('advert.window.overnightHint')}
                </Typography.Text>
              </Space>
            </Form.Item>
          </Col>
        </Row>

        <Divider orientation="left" plain>
          {t('advert.section.targets')}
        </Divider>
        <Form.Item name="targetType" label={t('advert.field.targetType')} required>
          <Radio.Group
            data-testid="advert-target-type"
            options={targetTypesOf(kind).map((tt) => ({ value: tt, label: t(`advert.targetType.${tt}`) }))}
          />
        </Form.Item>
        {targetType === 'area' ? (
          <Form.Item name="areaCodes" label={t('advert.field.areas')} required>
            <AreasSelect known={knownAreas} />
          </Form.Item>
        ) : (
          <Form.Item
            name="targetIds"
            label={targetType === 'tablet' ? t('advert.field.tablets') : t('advert.field.venues')}
            required
          >
            {targetType === 'tablet' ? (
              <TabletsSelect tablets={tablets} loading={tabletsLoading} />
            ) : (
              <VenuesSelect
                venues={venueChoices}
                tablets={tablets}
                loading={venuesLoading}
                showMerchant={kind !== 'merchant'}
              />
            )}
          </Form.Item>
        )}
        <Typography.Paragraph type="secondary" data-testid="advert-reached">
          {reached === undefined
            ? t('advert.targets.areaCount')
            : t('advert.targets.reached', { count: formatNumber(reached) })}
        </Typography.Paragraph>

        <Divider orientation="left" plain>
          {t('advert.section.link')}
        </Divider>
        <Form.Item name="linkType" label={t('advert.field.linkType')}>
          <Radio.Group
            data-testid="advert-link-type"
            options={(kind === 'platform' ? ['none', 'url'] : ['none', 'dish', 'url']).map((lt) => ({
              value: lt,
              label: t(`advert.linkType.${lt}`),
            }))}
          />
        </Form.Item>
        {linkType === 'dish' ? (
          <Form.Item name="linkValue" label={t('advert.field.dish')} required>
            <DishSelect />
          </Form.Item>
        ) : linkType === 'url' ? (
          <Form.Item name="linkValue" label={t('advert.field.url')} required>
            <Input placeholder="https://" maxLength={500} data-testid="advert-link-url" />
          </Form.Item>
        ) : null}
      </Form>
    </Sheet>
  );
};

export default AdvertDrawer;
