import { Button, Form } from 'antd';
import React from 'react';

/** The full-width submit button of a form before login (log in, register). */
const AuthSubmit: React.FC<{ loading: boolean; testId: string; children: React.ReactNode }> = ({
  loading,
  testId,
  children,
}) => (
  <Form.Item>
    <Button type="primary" htmlType="submit" block loading={loading} data-testid={testId}>
      {children}
    </Button>
  </Form.Item>
);

export default AuthSubmit;
