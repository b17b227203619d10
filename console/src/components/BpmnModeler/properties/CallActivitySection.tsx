import { Form } from 'antd';
import React from 'react';
import LazyInput from './LazyInput';
import { t, type SectionProps } from './section';

/** A call activity: the process it calls. */
const CallActivitySection: React.FC<SectionProps> = ({ bo, set }) => {
  return (
    <Form.Item label={t('process.model.prop.calledElement')}>
      <LazyInput
        value={bo.calledElement}
        onCommit={(v) => set({ calledElement: v || undefined })}
      />
    </Form.Item>
  );
};

export default CallActivitySection;
