import { Form, Switch } from 'antd';
import React from 'react';
import { t, type SectionProps } from './section';

/** A boundary event: interrupting or not. */
const BoundaryEventSection: React.FC<SectionProps> = ({ bo, set }) => {
  return (
    <Form.Item label={t('process.model.prop.interrupting')}>
      <Switch checked={bo.cancelActivity !== false} onChange={(v) => set({ cancelActivity: v })} />
    </Form.Item>
  );
};

export default BoundaryEventSection;
