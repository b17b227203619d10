import { Form, Select } from 'antd';
import React from 'react';
import { t, type SectionProps } from './section';

/** A start event: the form the initiator fills in. */
const StartEventSection: React.FC<SectionProps> = ({ formOptions, setVenue, venue }) => {
  return (
    <Form.Item label={t('process.model.prop.formKey')} tooltip={t('process.model.help.startForm')}>
      <Select
        allowClear
        showSearch
        options={formOptions}
        value={venue('formKey')}
        onChange={(v) => setVenue('formKey', v)}
        data-testid="prop-formKey"
      />
    </Form.Item>
  );
};

export default StartEventSection;
