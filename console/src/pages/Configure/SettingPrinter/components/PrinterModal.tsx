/**
 * Add or edit a printer. The spec's required fields — type (its job: kitchen, receipt, label),
 * printer (model), IP, copies, font size and parameters (paper width) — each say 'cannot be
 * empty' or 'must be selected' naming the field; also port (9100), character set, cut, the dish
 * categories a kitchen printer prints, a backup printer, enabled.
 */
import { Col, Form, Input, InputNumber, Radio, Row, Select, Switch } from 'antd';
import React, { useEffect } from 'react';
import SaveModal from '@/components/SaveModal';
import { useSaveForm } from '@/hooks/useSaveForm';
import type { Category } from '@/services/cuisine';
import {
  CHARSETS,
  createPrinter,
  updatePrinter,
  type FontSize,
  type Printer,
  type PrinterModel,
  type PrinterType,
} from '@/services/configure';
import { t } from '../../shared/text';
import { validIP } from '../logic';

interface Values {
  name?: string;
  type?: PrinterType;
  model?: string;
  ip?: string;
  port?: number;
  copies?: number;
  fontSize?: FontSize;
  charset?: string;
  paperWidth?: number;
  cut?: boolean;
  categoryIds?: number[];
  backupId?: number;
  remark?: string;
  enabled?: boolean;
}

const FIELDS = [
  'name',
  'type',
  'model',
  'ip',
  'port',
  'copies',
  'fontSize',
  'charset',
  'paperWidth',
  'categoryIds',
  'backupId',
  'remark',
];
export const TYPES: PrinterType[] = ['kitchen', 'receipt', 'label'];
export const FONT_SIZES: FontSize[] = ['normal', 'double_height', 'double_width', 'double'];

const required = (field: string, select = false) => ({
  required: true,
  message: t(select ? 'configure.printer.mustSelect' : 'configure.printer.cannotBeEmpty', {
    field: t(`configure.printer.${field}`),
  }),
});

export interface PrinterModalProps {
  open: boolean;
  venueId: number;
  printer?: Printer;
  printers: Printer[];
  models: PrinterModel[];
  categories: Category[];
  onClose: () => void;
  onSaved: () => void;
}

const PrinterModal: React.FC<PrinterModalProps> = ({
  open,
  venueId,
  printer,
  printers,
  models,
  categories,
  onClose,
  onSaved,
}) => {
  const saveForm = useSaveForm<Values>(FIELDS, { scroll: true });
  const { form, setAlert, save } = saveForm;
  const type = Form.useWatch('type', form);

  // biome-ignore lint/correctness/useExhaustiveDependencies: fills the form when it opens or another printer is chosen, not when the parent hands over a fresh copy of the same one (that would wipe what the user typed)
  useEffect(() => {
    if (!open) return;
    setAlert(undefined);
    form.resetFields();
    form.setFieldsValue(
      printer
        ? { ...printer, backupId: printer.backupId ?? undefined, enabled: printer.status === 1 }
        : {
            port: 9100,
            copies: 1,
            fontSize: 'normal',
            charset: 'GB18030',
            paperWidth: 80,
            cut: true,
            enabled: true,
            categoryIds: [],
          },
    );
  }, [open, printer?.id]);

  const submit = save((v) => {
    const body = {
      name: (v.name ?? '').trim(),
      type: v.type,
      model: v.model,
      ip: (v.ip ?? '').trim(),
      port: v.port ?? 9100,
      copies: v.copies,
      fontSize: v.fontSize,
      charset: v.charset,
      paperWidth: v.paperWidth,
      cut: !!v.cut,
      categoryIds: v.type === 'kitchen' ? (v.categoryIds ?? []) : [],
      backupId: v.backupId ?? null,
      remark: (v.remark ?? '').trim(),
      status: v.enabled ? 1 : 0,
    };
    return printer ? updatePrinter(printer.id, body) : createPrinter(venueId, body);
  }, onSaved);

  return (
    <SaveModal
      open={open}
      title={printer ? t('configure.printer.edit') : t('configure.printer.add')}
      state={saveForm}
      onClose={onClose}
      onOk={submit}
      okTestId="printer-save"
      width={640}
    >
      <Form<Values> form={form} layout="vertical" name="configurePrinter">
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label={t('configure.printer.name')} rules={[required('name')]}>
              <Input maxLength={64} data-testid="printer-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="type"
              label={t('configure.printer.type')}
              rules={[required('type', true)]}
            >
              <Select
                options={TYPES.map((v) => ({ value: v, label: t(`configure.printerType.${v}`) }))}
                data-testid="printer-type"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="model"
              label={t('configure.printer.model')}
              extra={t('configure.printer.modelHint')}
              rules={[required('model', true)]}
            >
              <Select
                showSearch
                optionFilterProp="label"
                options={models.map((m) => ({
                  value: m.code,
                  label: m.code === 'other' ? t('configure.printer.otherModel') : m.name,
                }))}
                onChange={(code) => {
                  const m = models.find((x) => x.code === code);
                  if (m?.paperWidth) form.setFieldValue('paperWidth', m.paperWidth);
                }}
                data-testid="printer-model"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="paperWidth"
              label={t('configure.printer.paperWidth')}
              rules={[required('paperWidth', true)]}
            >
              <Radio.Group
                options={[58, 80].map((w) => ({ value: w, label: `${w} mm` }))}
                optionType="button"
              />
            </Form.Item>
          </Col>
          <Col xs={16} sm={12}>
            <Form.Item
              name="ip"
              label={t('configure.printer.ip')}
              rules={[
                required('ip'),
                {
                  validator: (_, v: string) =>
                    !v || validIP(v)
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('configure.printer.ipFormat'))),
                },
              ]}
            >
              <Input
                maxLength={45}
                placeholder="192.168.1.100"
                inputMode="decimal"
                data-testid="printer-ip"
              />
            </Form.Item>
          </Col>
          <Col xs={8} sm={6}>
            <Form.Item name="port" label={t('configure.printer.port')}>
              <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item
              name="copies"
              label={t('configure.printer.copies')}
              rules={[required('copies')]}
            >
              <InputNumber
                min={1}
                max={9}
                precision={0}
                style={{ width: '100%' }}
                data-testid="printer-copies"
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={12}>
            <Form.Item
              name="fontSize"
              label={t('configure.printer.fontSize')}
              rules={[required('fontSize', true)]}
            >
              <Select
                options={FONT_SIZES.map((v) => ({ value: v, label: t(`configure.font.${v}`) }))}
                data-testid="printer-font"
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={12}>
            <Form.Item
              name="charset"
              label={t('configure.printer.charset')}
              extra={t('configure.printer.charsetHint')}
              rules={[required('charset', true)]}
            >
              <Select options={CHARSETS.map((c) => ({ value: c, label: c }))} />
            </Form.Item>
          </Col>
        </Row>
        {type === 'kitchen' ? (
          <Form.Item
            name="categoryIds"
            label={t('configure.printer.categories')}
            extra={t('configure.printer.categoriesHint')}
          >
            <Select
              mode="multiple"
              allowClear
              optionFilterProp="label"
              options={categories.map((c) => ({ value: c.id, label: c.name }))}
              data-testid="printer-categories"
            />
          </Form.Item>
        ) : null}
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="backupId"
              label={t('configure.printer.backup')}
              extra={t('configure.printer.backupHint')}
            >
              <Select
                allowClear
                options={printers
                  .filter((p) => p.id !== printer?.id)
                  .map((p) => ({ value: p.id, label: p.name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="cut" label={t('configure.printer.cut')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="enabled" label={t('configure.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="remark" label={t('configure.printer.remark')}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </SaveModal>
  );
};

export default PrinterModal;
