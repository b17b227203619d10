import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import React from 'react';
import { Access } from '@/components/Access';

/** The primary add button of a sys table's toolbar, shown to those with its operation. */
const AddButton: React.FC<{
  code: string;
  label: string;
  onClick: () => void;
  testId?: string;
}> = ({ code, label, onClick, testId }) => (
  <Access code={code}>
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick} data-testid={testId}>
      {label}
    </Button>
  </Access>
);

export default AddButton;
