/** Add or edit a table: name, area, seats, ordering method, bound tablet, sort, remark, enabled. */
import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import React, { useEffect, useState } from 'react';
import { allTablets, type Tablet } from '@/services/advert';
import { createTable, updateTable, type OrderingMethod, type Table } from '@/services/configure';
import SaveModal from '@/components/SaveModal';
import { useSaveForm } from '@/hooks/useSaveForm';
import { t } from '../../shared/text';

interface Values {
  name: string;
  area?: string;
  seats?: number;
  remark?: string;
  orderingMethod?: OrderingMethod;
  tabletId?: number;
  sort?: number;
  enabled?: boolean;
}

const FIELDS = ['name', 'area', 'seats', 'remark', 'orderingMethod', 'tabletId', 'sort'];
export const METHODS: OrderingMethod[] = ['qr_order', 'pay_bill', 'tablet'];

export interface TableModalProps {
  open: boolean;
  venueId: number;
  table?: Table;
  nextSort: number;
  onClose: () => void;
  onSaved: (table: Table) => void;
}

const TableModal: React.FC<TableModalProps> = ({
  open,
  venueId,
  table,
  nextSort,
  onClose,
  onSaved,
}) => {
  const saveForm = useSaveForm<Values>(FIELDS, { scroll: true });
  const { form, setAlert, save } = saveForm;
  const [tablets, setTablets] = useState<Tablet[]>([]);
  const method = Form.useWatch('orderingMethod', form);

  // biome-ignore lint/correctness/useExhaustiveDependencies: fills the form when it opens or another table is chosen, not when the parent hands over a fresh copy of the same one (that would wipe what the user typed)
  useEffect(() => {
    if (!open) return;
    setAlert(undefined);
    form.resetFields();
    form.setFieldsValue(
      table
        ? {
            name: table.name,
            area: table.area,
            seats: table.seats,
            remark: table.remark,
            orderingMethod: table.orderingMethod,
            tabletId: table.tabletId ?? undefined,
            sort: table.sort,
            enabled: table.status === 1,
          }
        : { orderingMethod: 'qr_order', seats: 4, sort: nextSort, enabled: true },
    );
    allTablets({ venueId })
      .then(setTablets)
      .catch(() => setTablets([]));
  }, [open, table?.id]);

  const submit = save((v) => {
    const body = {
      name: (v.name ?? '').trim(),
      area: (v.area ?? '').trim(),
      seats: v.seats ?? 0,
      remark: (v.remark ?? '').trim(),
      orderingMethod: v.orderingMethod,
      tabletId: v.tabletId ?? null,
      sort: v.sort ?? 0,
      status: v.enabled ? 1 : 0,
    };
    return table ? updateTable(table.id, body) : createTable(venueId, body);
  }, onSaved);

  return (
    <SaveModal
      open={open}
      title={table ? t('configure.table.edit') : t('configure.table.add')}
      state={saveForm}
      onClose={onClose}
      onOk={submit}
      okTestId="table-save"
    >
      <Form<Values> form={form} layout="vertical" name="configureTable">
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="name"
              label={t('configure.table.name')}
              tooltip={t('configure.table.nameHint')}
              rules={[
                { required: true, whitespace: true, message: t('configure.table.nameRequired') },
              ]}
            >
              <Input maxLength={32} data-testid="table-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="area" label={t('configure.table.area')}>
              <Input maxLength={32} data-testid="table-area" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={12}>
            <Form.Item name="seats" label={t('configure.table.seats')}>
              <InputNumber min={0} max={999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={12}>
            <Form.Item name="sort" label={t('configure.table.sort')}>
              <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="orderingMethod"
          label={t('configure.table.method')}
          rules={[{ required: true, message: t('configure.table.methodRequired') }]}
        >
          <Select
            options={METHODS.map((m) => ({ value: m, label: t(`configure.method.${m}`) }))}
            data-testid="table-method"
          />
        </Form.Item>
        <Form.Item
          name="tabletId"
          label={t('configure.table.tablet')}
          tooltip={t('configure.table.tabletHint')}
          rules={[{ required: method === 'tablet', message: t('configure.table.tabletRequired') }]}
        >
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            options={tablets.map((tb) => ({
              value: tb.id,
              label: tb.name ? `${tb.number} · ${tb.name}` : tb.number,
            }))}
            data-testid="table-tablet"
          />
        </Form.Item>
        <Form.Item name="remark" label={t('configure.table.remark')}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
        <Form.Item name="enabled" label={t('configure.table.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </SaveModal>
  );
};

export default TableModal;
