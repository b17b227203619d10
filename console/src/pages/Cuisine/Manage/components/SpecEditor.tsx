/**
 * Specification groups of the dish form (size, spice, extras): name, sort, required, min/max
 * choices, and the values — each with a price delta in major units and a sold-out flag.
 * Values can also be typed as comma-separated attribute content ("Small, Medium, Large").
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  Input,
  InputNumber,
  Row,
  Space,
  Switch,
  Tooltip,
  Typography,
  type FormInstance,
} from 'antd';
import React, { useState } from 'react';
import { MAX_SORT, MAX_SPEC_GROUPS, MAX_SPEC_OPTIONS } from '../../shared/limits';
import { splitContent, type DishFormValues, type OptionFormValue } from '../dishRules';
import { t } from '../../shared/text';

/** Adds comma-separated values to a group (the spec's "attribute content"). */
const ContentAdder: React.FC<{ onAdd: (values: string[]) => void; index: number }> = ({ onAdd, index }) => {
  const [text, setText] = useState('');
  const add = () => {
    const values = splitContent(text);
    if (values.length) onAdd(values);
    setText('');
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        value={text}
        data-testid={`spec-content-${index}`}
        placeholder={t('cuisine.spec.content.placeholder')}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={(e) => {
          e.preventDefault();
          add();
        }}
      />
      <Button onClick={add} data-testid={`spec-content-add-${index}`}>
        {t('cuisine.spec.content.add')}
      </Button>
    </Space.Compact>
  );
};

const SpecEditor: React.FC<{ form: FormInstance<DishFormValues>; currency?: string }> = ({ form, currency }) => (
  <Form.List name="specs">
    {(groups, { add, remove }, { errors }) => (
      <Space direction="vertical" style={{ width: '100%' }} size={12}>
        {groups.map((group) => (
          <Card
            key={group.key}
            size="small"
            data-testid={`spec-group-${group.name}`}
            title={t('cuisine.spec.group', { index: group.name + 1 })}
            extra={
              <Tooltip title={t('cuisine.spec.remove')}>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('cuisine.spec.remove')}
                  onClick={() => remove(group.name)}
                />
              </Tooltip>
            }
          >
            <Row gutter={12}>
              <Col xs={24} md={10}>
                <Form.Item label={t('cuisine.spec.name')} name={[group.name, 'name']} required>
                  <Input maxLength={64} placeholder={t('cuisine.spec.name.placeholder')} data-testid={`spec-name-${group.name}`} />
                </Form.Item>
              </Col>
              <Col xs={12} md={4}>
                <Form.Item label={t('cuisine.spec.sort')} name={[group.name, 'sort']}>
                  <InputNumber min={0} max={MAX_SORT} precision={0} style={{ width: '100%' }} data-testid={`spec-sort-${group.name}`} />
                </Form.Item>
              </Col>
              <Col xs={12} md={4}>
                <Form.Item label={t('cuisine.spec.required')} name={[group.name, 'required']} valuePropName="checked">
                  <Switch size="small" />
                </Form.Item>
              </Col>
              <Col xs={12} md={3}>
                <Form.Item label={t('cuisine.spec.min')} name={[group.name, 'minChoices']}>
                  <InputNumber min={0} max={MAX_SPEC_OPTIONS} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={12} md={3}>
                <Form.Item label={t('cuisine.spec.max')} name={[group.name, 'maxChoices']}>
                  <InputNumber min={1} max={MAX_SPEC_OPTIONS} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
            <Form.List name={[group.name, 'options']}>
              {(options, { add: addOption, remove: removeOption }, { errors: optionErrors }) => (
                <>
                  {options.length ? (
                    <Row gutter={8} style={{ marginBottom: 4 }}>
                      <Col span={10}>
                        <Typography.Text type="secondary">{t('cuisine.spec.value')}</Typography.Text>
                      </Col>
                      <Col span={7}>
                        <Typography.Text type="secondary">
                          {t('cuisine.spec.priceDelta')}
                          {currency ? ` (${currency})` : ''}
                        </Typography.Text>
                      </Col>
                      <Col span={5}>
                        <Typography.Text type="secondary">{t('cuisine.soldOut')}</Typography.Text>
                      </Col>
                    </Row>
                  ) : null}
                  {options.map((option) => (
                    <Row gutter={8} key={option.key} align="top">
                      <Col span={10}>
                        <Form.Item name={[option.name, 'value']} style={{ marginBottom: 8 }}>
                          <Input
                            maxLength={64}
                            placeholder={t('cuisine.spec.value')}
                            data-testid={`spec-${group.name}-value-${option.name}`}
                          />
                        </Form.Item>
                      </Col>
                      <Col span={7}>
                        <Form.Item name={[option.name, 'priceDelta']} style={{ marginBottom: 8 }}>
                          <Input
                            inputMode="decimal"
                            placeholder="0.00"
                            data-testid={`spec-${group.name}-delta-${option.name}`}
                          />
                        </Form.Item>
                      </Col>
                      <Col span={5}>
                        <Form.Item name={[option.name, 'soldOut']} valuePropName="checked" style={{ marginBottom: 8 }}>
                          <Checkbox />
                        </Form.Item>
                      </Col>
                      <Col span={2}>
                        <Button
                          type="text"
                          icon={<DeleteOutlined />}
                          aria-label={t('cuisine.spec.removeValue')}
                          onClick={() => removeOption(option.name)}
                        />
                      </Col>
                    </Row>
                  ))}
                  <Form.ErrorList errors={optionErrors} />
                  <Space direction="vertical" style={{ width: '100%' }}>
                    <ContentAdder
                      index={group.name}
                      onAdd={(values) => {
                        const current: OptionFormValue[] =
                          form.getFieldValue(['specs', group.name, 'options']) ?? [];
                        const known = new Set(current.map((o) => (o.value ?? '').trim().toLowerCase()));
                        values
                          .filter((v) => !known.has(v.toLowerCase()))
                          .forEach((value) => {
                            addOption({ value, priceDelta: '', soldOut: false });
                          });
                        form.setFields([{ name: ['specs', group.name, 'options'], errors: [] }]);
                      }}
                    />
                    <Button
                      type="dashed"
                      size="small"
                      icon={<PlusOutlined />}
                      disabled={options.length >= MAX_SPEC_OPTIONS}
                      onClick={() => addOption({ value: '', priceDelta: '', soldOut: false })}
                    >
                      {t('cuisine.spec.addValue')}
                    </Button>
                  </Space>
                </>
              )}
            </Form.List>
          </Card>
        ))}
        <Form.ErrorList errors={errors} />
        <Button
          type="dashed"
          block
          icon={<PlusOutlined />}
          data-testid="spec-add"
          disabled={groups.length >= MAX_SPEC_GROUPS}
          onClick={() => {
            const specs = form.getFieldValue('specs') ?? [];
            const sorts = specs.map((s: { sort?: number }, i: number) => s?.sort ?? i + 1);
            add({
              name: '',
              sort: (sorts.length ? Math.max(...sorts) : 0) + 1,
              required: false,
              minChoices: 0,
              maxChoices: 1,
              options: [],
            });
          }}
        >
          {t('cuisine.spec.add')}
        </Button>
      </Space>
    )}
  </Form.List>
);

export default SpecEditor;
