import { Form, Select, Tag, Typography } from 'antd';
import React from 'react';
import { t, type SectionProps, type Any } from './section';

/** An exclusive or inclusive gateway: its default flow, and the conditions of its ways out. */
const GatewaySection: React.FC<SectionProps> = ({ bo, set }) => {
  const outgoing: Any[] = bo.outgoing ?? [];
  return (
    <Form.Item label={t('process.model.prop.defaultFlow')}>
      <Select
        allowClear
        value={bo.default?.id}
        options={outgoing.map((f) => ({ label: f.name || f.id, value: f.id }))}
        onChange={(id) => set({ default: outgoing.find((f) => f.id === id) })}
      />
      {outgoing.map((f) => (
        <div key={f.id}>
          <Tag>{f.name || f.id}</Tag>
          <Typography.Text type="secondary" code>
            {f.conditionExpression?.body ??
              (bo.default === f ? t('process.model.prop.defaultFlow') : '')}
          </Typography.Text>
        </div>
      ))}
    </Form.Item>
  );
};

export default GatewaySection;
