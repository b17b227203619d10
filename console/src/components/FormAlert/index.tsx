import { Alert } from 'antd';
import React from 'react';

/**
 * The error line above a form or a dialog's content (say, what the server refused that no field
 * shows). Nothing when there is no message. `gap` is the space below it.
 */
const FormAlert: React.FC<{ message?: React.ReactNode; testId?: string; gap?: number }> = ({
  message,
  testId,
  gap = 16,
}) =>
  message ? (
    <Alert
      type="error"
      showIcon
      message={message}
      style={{ marginBottom: gap }}
      data-testid={testId}
    />
  ) : null;

export default FormAlert;
