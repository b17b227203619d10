import { Form, Switch } from 'antd';
import React from 'react';
import { t, type SectionProps, processOf } from './section';

/** The process: executable or not. */
const ProcessSection: React.FC<SectionProps> = ({ modeling, target, bo }) => {
  const proc = processOf(bo);
  return (
    <Form.Item label={t('process.model.prop.executable')}>
      <Switch
        checked={proc.isExecutable !== false}
        onChange={(v) => modeling.updateModdleProperties(target, proc, { isExecutable: v })}
      />
    </Form.Item>
  );
};

export default ProcessSection;
