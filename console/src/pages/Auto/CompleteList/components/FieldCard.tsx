/**
 * One field of a definition: name, English label, type, rules and visibility in one row; the
 * type's own settings (lengths, range, decimal places, pattern, dictionary, referenced entity,
 * example) and the labels in the other 15 languages under "More".
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Collapse, Form, Input, InputNumber, Select, Space } from 'antd';
import React from 'react';
import type { FieldType, FormMeta } from '@/services/codegen';
import { modesFor } from '../logic';
import { t } from '../text';

export interface FieldCardProps {
  index: number;
  count: number;
  meta?: FormMeta;
  onRemove: () => void;
  onMove: (to: number) => void;
}

const FieldCard: React.FC<FieldCardProps> = ({ index, count, meta, onRemove, onMove }) => {
  const form = Form.useFormInstance();
  const type: FieldType = Form.useWatch(['fields', index, 'type'], form) ?? 'string';
  const search: boolean = Form.useWatch(['fields', index, 'search'], form) ?? false;
  const name: string = Form.useWatch(['fields', index, 'name'], form) ?? '';
  const lengthy = type === 'string' || type === 'text';
  const numeric = type === 'integer' || type === 'money' || type === 'decimal';
  const path = (...rest: string[]) => [index, ...rest];
  const testId = (part: string) => ({ 'data-testid': `codegen-field-${index}-${part}` });

  return (
    <Card
      size="small"
      data-testid={`codegen-field-${index}`}
      title={`${index + 1}. ${name || t('codegen.field.new')}`}
      extra={
        <Space size={0}>
          <Button
            type="text"
            icon={<ArrowUpOutlined />}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
            aria-label={t('codegen.field.up')}
          />
          <Button
            type="text"
            icon={<ArrowDownOutlined />}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
            aria-label={t('codegen.field.down')}
          />
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            onClick={onRemove}
            aria-label={t('codegen.field.remove')}
            {...testId('remove')}
          />
        </Space>
      }
    >
      <div className="codegen-field-grid">
        <Form.Item
          name={path('name')}
          label={t('codegen.field.name')}
          tooltip={t('codegen.field.name.hint')}
          rules={[{ required: true, message: t('codegen.required') }]}
        >
          <Input maxLength={meta?.limits.field ?? 30} autoComplete="off" {...testId('name')} />
        </Form.Item>
        <Form.Item
          name={path('labels', 'en')}
          label={t('codegen.field.label')}
          rules={[{ required: true, message: t('codegen.required') }]}
        >
          <Input maxLength={meta?.limits.label ?? 64} {...testId('label')} />
        </Form.Item>
        <Form.Item name={path('type')} label={t('codegen.field.type')}>
          <Select
            {...testId('type')}
            options={(meta?.types ?? ['string']).map((v) => ({
              value: v,
              label: t(`codegen.type.${v}`),
            }))}
          />
        </Form.Item>
        <Form.Item label={t('codegen.field.rules')}>
          <Space wrap size={[8, 0]}>
            <Form.Item name={path('required')} valuePropName="checked" noStyle>
              <Checkbox disabled={type === 'boolean'} {...testId('required')}>
                {t('codegen.field.required')}
              </Checkbox>
            </Form.Item>
            <Form.Item name={path('unique')} valuePropName="checked" noStyle>
              <Checkbox disabled={['text', 'boolean', 'image', 'file'].includes(type)}>
                {t('codegen.field.unique')}
              </Checkbox>
            </Form.Item>
          </Space>
        </Form.Item>
        <Form.Item label={t('codegen.field.shown')}>
          <Space wrap size={[8, 0]}>
            <Form.Item name={path('list')} valuePropName="checked" noStyle>
              <Checkbox>{t('codegen.field.list')}</Checkbox>
            </Form.Item>
            <Form.Item name={path('form')} valuePropName="checked" noStyle>
              <Checkbox>{t('codegen.field.form')}</Checkbox>
            </Form.Item>
            <Form.Item name={path('search')} valuePropName="checked" noStyle>
              <Checkbox disabled={['image', 'file'].includes(type)} {...testId('search')}>
                {t('codegen.field.search')}
              </Checkbox>
            </Form.Item>
          </Space>
        </Form.Item>
        {search ? (
          <Form.Item
            name={path('searchMode')}
            label={t('codegen.field.searchMode')}
            rules={[{ required: true, message: t('codegen.required') }]}
          >
            <Select
              {...testId('searchMode')}
              options={modesFor(type).map((m) => ({ value: m, label: t(`codegen.search.${m}`) }))}
            />
          </Form.Item>
        ) : null}
      </div>
      <Collapse
        size="small"
        ghost
        items={[
          {
            key: 'more',
            label: t('codegen.field.more'),
            forceRender: true,
            children: (
              <>
                <div className="codegen-field-grid">
                  {lengthy ? (
                    <>
                      <Form.Item name={path('minLength')} label={t('codegen.field.minLength')}>
                        <InputNumber min={0} precision={0} style={{ width: '100%' }} />
                      </Form.Item>
                      <Form.Item name={path('maxLength')} label={t('codegen.field.maxLength')}>
                        <InputNumber
                          min={1}
                          precision={0}
                          style={{ width: '100%' }}
                          placeholder={type === 'text' ? '4000' : '255'}
                        />
                      </Form.Item>
                    </>
                  ) : null}
                  {numeric ? (
                    <>
                      <Form.Item
                        name={path('min')}
                        label={t('codegen.field.min')}
                        tooltip={type === 'money' ? t('codegen.field.minorUnits') : undefined}
                      >
                        <Input inputMode="decimal" />
                      </Form.Item>
                      <Form.Item
                        name={path('max')}
                        label={t('codegen.field.max')}
                        tooltip={type === 'money' ? t('codegen.field.minorUnits') : undefined}
                      >
                        <Input inputMode="decimal" />
                      </Form.Item>
                    </>
                  ) : null}
                  {type === 'decimal' ? (
                    <Form.Item name={path('scale')} label={t('codegen.field.scale')}>
                      <InputNumber
                        min={0}
                        max={meta?.limits.scale ?? 6}
                        precision={0}
                        style={{ width: '100%' }}
                        placeholder="2"
                      />
                    </Form.Item>
                  ) : null}
                  {type === 'string' ? (
                    <Form.Item
                      name={path('pattern')}
                      label={t('codegen.field.pattern')}
                      tooltip={t('codegen.field.pattern.hint')}
                    >
                      <Input placeholder="[A-Z]{2}-[0-9]+" />
                    </Form.Item>
                  ) : null}
                  {type === 'enum' ? (
                    <Form.Item
                      name={path('dict')}
                      label={t('codegen.field.dict')}
                      rules={[{ required: true, message: t('codegen.required') }]}
                    >
                      <Select
                        showSearch
                        {...testId('dict')}
                        options={(meta?.dicts ?? []).map((d) => ({
                          value: d.code,
                          label: `${d.name} (${d.code})`,
                        }))}
                      />
                    </Form.Item>
                  ) : null}
                  {type === 'reference' ? (
                    <Form.Item
                      name={path('ref')}
                      label={t('codegen.field.ref')}
                      rules={[{ required: true, message: t('codegen.required') }]}
                    >
                      <Select
                        showSearch
                        {...testId('ref')}
                        options={[
                          { value: 'self', label: t('codegen.field.ref.self') },
                          ...(meta?.entities ?? []).map((e) => ({ value: e, label: e })),
                        ]}
                      />
                    </Form.Item>
                  ) : null}
                  {!['enum', 'reference', 'boolean'].includes(type) ? (
                    <Form.Item
                      name={path('example')}
                      label={t('codegen.field.example')}
                      tooltip={t('codegen.field.example.hint')}
                    >
                      <Input />
                    </Form.Item>
                  ) : null}
                </div>
                <div className="codegen-languages">
                  {(meta?.languages ?? [])
                    .filter((l) => l.tag !== 'en')
                    .map((l) => (
                      <Form.Item key={l.tag} name={path('labels', l.tag)} label={l.name}>
                        <Input
                          maxLength={meta?.limits.label ?? 64}
                          dir={l.tag === 'ar' || l.tag === 'he' ? 'rtl' : undefined}
                        />
                      </Form.Item>
                    ))}
                </div>
              </>
            ),
          },
        ]}
      />
    </Card>
  );
};

export default FieldCard;
