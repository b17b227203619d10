/**
 * Create / edit drawer of a dish (spec sections 3 and 5). Prices are typed in major units and
 * sent as integer minor units (utils/money.ts). The specification rules are checked before
 * sending; the server's field errors are shown on the same fields.
 */
import {
  Button,
  Col,
  Divider,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
  type FormInstance,
} from 'antd';
import React, { useEffect, useState } from 'react';
import FormAlert from '@/components/FormAlert';
import Sheet from '@/components/Sheet';
import { createDish, getDish, updateDish, type Category, type Dish } from '@/services/cuisine';
import { feedback } from '@/utils/feedback';
import { formatMessage } from '@/utils/intl';
import { parseMajor } from '@/utils/money';
import { showFormError } from '@/utils/fieldErrors';
import ImagesUpload from '../../shared/ImagesUpload';
import { MAX_SORT } from '../../shared/limits';
import { buildDishInput, dishFieldPlacement, dishToForm, type DishFormValues } from '../dishRules';
import { t } from '../../shared/text';
import SpecEditor from './SpecEditor';

const KNOWN_FIELDS = [
  'name',
  'number',
  'categoryId',
  'sort',
  'price',
  'discountPrice',
  'description',
  'images',
  'specialty',
  'status',
  'specs',
];

const fieldLabel = (name: (string | number)[]): string =>
  name[0] === 'price'
    ? t('cuisine.dish.price')
    : name[0] === 'discountPrice'
      ? t('cuisine.dish.discountPrice')
      : String(name[name.length - 1]);

/** Leaf paths of a changed-values object (arrays of objects are walked, other values are leaves). */
export function changedPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value) && value.some((v) => v && typeof v === 'object')) {
    return value.flatMap((v, i) => (v === undefined ? [] : changedPaths(v, [...prefix, i])));
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([k, v]) => changedPaths(v, [...prefix, k]));
  }
  return [prefix];
}

/** Typing in a field drops the message an earlier check put on it (antd only does so for rules). */
function clearErrorsOf(form: FormInstance<DishFormValues>, changed: unknown) {
  const seen = new Set<string>();
  const stale = changedPaths(changed)
    .flatMap((path) => path.map((_, i) => path.slice(0, i + 1)))
    .filter((path) => {
      const key = path.join('.');
      if (seen.has(key)) return false;
      seen.add(key);
      return form.getFieldError(path as never).length > 0;
    });
  if (stale.length) form.setFields(stale.map((name) => ({ name, errors: [] })) as never);
}

export interface DishDrawerProps {
  open: boolean;
  /** the row being edited; undefined to create */
  dish?: Dish;
  categories: Category[];
  currency: string;
  digits: number;
  nextSort: number;
  onClose: () => void;
  /** the saved dish's id (the list highlights it) */
  onSaved: (id?: number) => void;
}

const DishDrawer: React.FC<DishDrawerProps> = ({
  open,
  dish,
  categories,
  currency,
  digits: pageDigits,
  nextSort,
  onClose,
  onSaved,
}) => {
  const [form] = Form.useForm<DishFormValues>();
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [alert, setAlert] = useState<string>();
  const digits = dish?.currencyDigits ?? pageDigits;
  const cur = dish?.currency || currency;

  // biome-ignore lint/correctness/useExhaustiveDependencies: fills the form when it opens or another dish is chosen, not when the parent hands over a fresh copy of the same one (that would wipe what the user typed)
  useEffect(() => {
    if (!open) return;
    setAlert(undefined);
    form.resetFields();
    if (!dish) {
      form.setFieldsValue({ sort: nextSort, status: 'on_sale', specialty: false, images: [], specs: [] });
      return;
    }
    let live = true;
    setLoading(true);
    getDish(dish.id)
      .then((detail) => live && form.setFieldsValue(dishToForm(detail)))
      .catch(() => live && onClose())
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [open, dish?.id]);

  const amountRule = (required: boolean, label: string) => ({
    validator: async (_: unknown, v: string | undefined) => {
      const text = (v ?? '').trim();
      if (!text) {
        if (required) throw new Error(t('cuisine.required', { field: label }));
        return;
      }
      const n = parseMajor(text, digits);
      if (n === undefined || n < 0) throw new Error(t('cuisine.amountInvalid', { digits }));
    },
  });

  const submit = async () => {
    setAlert(undefined);
    // errors placed by an earlier check or by the server are recomputed from scratch
    form.setFields(
      form
        .getFieldsError()
        .filter((f) => f.errors.length)
        .map((f) => ({ name: f.name, errors: [] })) as never,
    );
    let values: DishFormValues;
    try {
      values = await form.validateFields();
    } catch {
      // antd marks the fields; the specification rules still run so that every problem shows
      values = form.getFieldsValue(true);
    }
    const { problems, input } = buildDishInput(values, digits);
    const fieldErrors = form.getFieldsError().filter((f) => f.errors.length);
    if (problems.length) {
      form.setFields(
        problems.map((p) => ({ name: p.name, errors: [t(p.key, { field: fieldLabel(p.name), ...p.values })] })) as Parameters<
          typeof form.setFields
        >[0],
      );
      form.scrollToField(problems[0].name, { block: 'center' });
      return;
    }
    if (fieldErrors.length || !input) {
      if (fieldErrors.length) form.scrollToField(fieldErrors[0].name, { block: 'center' });
      return;
    }
    if (dish) delete input.status;
    setSaving(true);
    try {
      // a new dish says "Created"; an edit keeps the spec's "Modify Succeed"
      const saved = dish ? await updateDish(dish.id, input) : await createDish(input);
      feedback.success(formatMessage({ id: dish ? 'common.modifySucceed' : 'ui.created' }));
      onSaved(saved?.id ?? dish?.id);
    } catch (e) {
      setAlert(showFormError(form, e, dishFieldPlacement(KNOWN_FIELDS), { scroll: true }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Sheet
      open={open}
      width="min(880px, 96vw)"
      title={dish ? t('cuisine.dish.edit') : t('cuisine.dish.add')}
      onClose={onClose}
      dirty={() => form.isFieldsTouched()}
      testId="dish-drawer"
      destroyOnClose
      forceRender
      extra={
        <Space>
          <Button onClick={onClose}>{formatMessage({ id: 'common.cancel' })}</Button>
          <Button type="primary" loading={saving} onClick={submit} data-testid="dish-save">
            {formatMessage({ id: 'common.save' })}
          </Button>
        </Space>
      }
    >
      <FormAlert message={alert} testId="dish-alert" />
      {loading ? <Skeleton active /> : null}
      <Form<DishFormValues>
        form={form}
        name="cuisineDish"
        layout="vertical"
        onValuesChange={(changed) => clearErrorsOf(form, changed)} style={loading ? { display: 'none' } : undefined}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="name"
              label={t('cuisine.dish.name')}
              rules={[{ required: true, whitespace: true, message: t('cuisine.required', { field: t('cuisine.dish.name') }) }]}
            >
              <Input maxLength={128} data-testid="dish-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="number"
              label={t('cuisine.dish.number')}
              tooltip={t('cuisine.dish.number.hint')}
              rules={[
                { required: true, whitespace: true, message: t('cuisine.required', { field: t('cuisine.dish.number') }) },
                { pattern: /^\S+$/, message: t('cuisine.dish.number.noSpaces') },
              ]}
            >
              <Input maxLength={32} data-testid="dish-number" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="categoryId"
              label={t('cuisine.dish.category')}
              rules={[{ required: true, message: t('cuisine.mustSelect', { field: t('cuisine.dish.category') }) }]}
            >
              <Select
                data-testid="dish-category"
                showSearch
                optionFilterProp="label"
                placeholder={t('cuisine.select')}
                options={categories.map((c) => ({ value: c.id, label: c.name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="sort"
              label={t('cuisine.sort')}
              tooltip={t('cuisine.sort.hint')}
              rules={[{ required: true, message: t('cuisine.required', { field: t('cuisine.sort') }) }]}
            >
              <InputNumber min={0} max={MAX_SORT} precision={0} style={{ width: '100%' }} data-testid="dish-sort" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="price"
              label={t('cuisine.dish.price')}
              required
              rules={[amountRule(true, t('cuisine.dish.price'))]}
            >
              <Input inputMode="decimal" addonAfter={cur} placeholder="0.00" data-testid="dish-price" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="discountPrice"
              label={t('cuisine.dish.discountPrice')}
              tooltip={t('cuisine.dish.discountPrice.hint')}
              dependencies={['price']}
              rules={[
                amountRule(false, t('cuisine.dish.discountPrice')),
                ({ getFieldValue }) => ({
                  validator: async (_, v: string | undefined) => {
                    const d = parseMajor((v ?? '').trim(), digits);
                    const p = parseMajor((getFieldValue('price') ?? '').trim(), digits);
                    if ((v ?? '').trim() && d !== undefined && p !== undefined && d >= p)
                      throw new Error(t('cuisine.dish.discountNotLower'));
                  },
                }),
              ]}
            >
              <Input inputMode="decimal" addonAfter={cur} placeholder="0.00" data-testid="dish-discount" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="description"
              label={t('cuisine.dish.description')}
              rules={[{ required: true, whitespace: true, message: t('cuisine.mustEnter', { field: t('cuisine.dish.description') }) }]}
            >
              <Input.TextArea rows={3} maxLength={2000} showCount data-testid="dish-description" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="images" label={t('cuisine.dish.images')}>
              <ImagesUpload />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="specialty" label={t('cuisine.dish.specialty')} valuePropName="checked">
              <Switch data-testid="dish-specialty" />
            </Form.Item>
          </Col>
          {dish ? null : (
            <Col xs={12} md={10}>
              <Form.Item name="status" label={t('cuisine.dish.shelf')}>
                <Radio.Group
                  optionType="button"
                  options={[
                    { value: 'on_sale', label: t('cuisine.shelf.on_sale') },
                    { value: 'removed', label: t('cuisine.shelf.removed') },
                  ]}
                />
              </Form.Item>
            </Col>
          )}
        </Row>
        <Divider orientation="left" plain>
          {t('cuisine.spec.title')}
        </Divider>
        <SpecEditor form={form} currency={cur} />
      </Form>
    </Sheet>
  );
};

export default DishDrawer;
