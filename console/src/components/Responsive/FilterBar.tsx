import { FilterOutlined } from '@ant-design/icons';
import { BetaSchemaForm, type ProFormColumnsType } from '@ant-design/pro-components';
import { Badge, Button, Form, Input, Space } from 'antd';
import React, { useEffect, useState } from 'react';
import { formatMessage } from '@/utils/intl';
import Sheet from '../Sheet';
import { activeFilters, type FilterColumn } from './cards';

const t = (id: string, values?: Record<string, string | number>) => formatMessage({ id }, values);

export interface FilterBarProps {
  /** the value of the keyword box */
  keyword?: string;
  /** placeholder of the keyword box (default "Search") */
  placeholder?: string;
  /** the fields of the filter drawer (ProTable columns: title, dataIndex, valueType, valueEnum) */
  fields: FilterColumn[];
  /** the filters that are set now */
  values: Record<string, unknown>;
  onSearch: (keyword: string) => void;
  onFilter: (values: Record<string, unknown>) => void;
  testId?: string;
}

/**
 * A list's search on a phone: one search box, and a "Filters" button (with the number of
 * filters set) that opens the other fields in a full-screen sheet.
 */
const FilterBar: React.FC<FilterBarProps> = ({ keyword, placeholder, fields, values, onSearch, onFilter, testId = 'filter' }) => {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(keyword ?? '');
  const [form] = Form.useForm();
  useEffect(() => setText(keyword ?? ''), [keyword]);
  const count = Object.keys(activeFilters(values)).length;
  const columns = fields.map(
    (c) =>
      ({
        title: c.title,
        dataIndex: c.dataIndex,
        key: c.key,
        valueType: c.valueType ?? 'text',
        valueEnum: c.valueEnum,
        fieldProps: c.fieldProps,
      }) as ProFormColumnsType,
  );
  return (
    <Space.Compact style={{ width: '100%' }} data-testid={`${testId}-bar`}>
      <Input.Search
        allowClear
        value={text}
        placeholder={placeholder ?? t('ui.search.placeholder')}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value === '' && keyword) onSearch('');
        }}
        onSearch={(v) => onSearch(v.trim())}
        enterButton
        data-testid={`${testId}-keyword`}
      />
      {fields.length ? (
        <Badge count={count} size="small" offset={[-4, 4]}>
          <Button
            icon={<FilterOutlined />}
            aria-label={t('ui.filters')}
            data-testid={`${testId}-open`}
            onClick={() => {
              form.setFieldsValue(values);
              setOpen(true);
            }}
          />
        </Badge>
      ) : null}
      <Sheet
        title={t('ui.filters')}
        open={open}
        onClose={() => setOpen(false)}
        testId={`${testId}-sheet`}
        footer={
          <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
            <Button
              data-testid={`${testId}-reset`}
              onClick={() => {
                form.resetFields();
                onFilter({});
                setOpen(false);
              }}
            >
              {t('ui.filters.reset')}
            </Button>
            <Button
              type="primary"
              data-testid={`${testId}-apply`}
              onClick={() => {
                onFilter(activeFilters(form.getFieldsValue()));
                setOpen(false);
              }}
            >
              {t('ui.filters.apply')}
            </Button>
          </Space>
        }
      >
        <BetaSchemaForm layoutType="Form" form={form} columns={columns} submitter={false} />
      </Sheet>
    </Space.Compact>
  );
};

export default FilterBar;
