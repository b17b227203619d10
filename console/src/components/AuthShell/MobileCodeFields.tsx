import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button, Form, Input, type FormInstance } from 'antd';
import React, { useState } from 'react';
import { useCountdown } from '@/hooks/useCountdown';
import { sendSmsCode } from '@/services/sys';
import { errorText } from '@/utils/errors';
import { formatMessage } from '@/utils/intl';
import { MOBILE_PATTERN } from '@/utils/validation';

const t = (id: string, values?: Record<string, string | number>) => formatMessage({ id }, values);

/**
 * Sending the SMS code to the form's `mobile`: checks the field first, then counts down until
 * the code may be asked again. A failure goes to onError; setNotice, when given, is cleared on
 * a new request and says the code was sent.
 */
export function useSmsCode(
  form: FormInstance,
  onError: (text?: string) => void,
  setNotice?: (text?: string) => void,
) {
  const [sending, setSending] = useState(false);
  const [countdown, startCountdown] = useCountdown();
  const send = async () => {
    onError(undefined);
    setNotice?.(undefined);
    try {
      await form.validateFields(['mobile']);
    } catch {
      return;
    }
    setSending(true);
    try {
      const result = await sendSmsCode(form.getFieldValue('mobile').trim());
      startCountdown(result?.resendAfter || 60);
      setNotice?.(t('login.sms.sent'));
    } catch (e) {
      onError(errorText(e));
    } finally {
      setSending(false);
    }
  };
  return { sending, countdown, send };
}

/** The mobile number and SMS code fields with the send button (mobile login, sign-up). */
const MobileCodeFields: React.FC<ReturnType<typeof useSmsCode>> = ({
  sending,
  countdown,
  send,
}) => (
  <>
    <Form.Item
      name="mobile"
      rules={[
        { required: true, whitespace: true, message: t('login.mobile.required') },
        { pattern: MOBILE_PATTERN, message: t('login.mobile.invalid') },
      ]}
    >
      <Input prefix={<MobileOutlined />} placeholder={t('login.mobile')} autoComplete="tel" />
    </Form.Item>
    <Form.Item required>
      <div style={{ display: 'flex', gap: 8 }}>
        <Form.Item
          name="code"
          noStyle
          rules={[{ required: true, whitespace: true, message: t('login.code.required') }]}
        >
          <Input
            prefix={<SafetyOutlined />}
            placeholder={t('login.code')}
            autoComplete="one-time-code"
          />
        </Form.Item>
        <Button
          style={{ minWidth: 128 }}
          disabled={countdown > 0}
          loading={sending}
          onClick={send}
          data-testid="send-code"
        >
          {countdown > 0 ? t('login.code.resend', { seconds: countdown }) : t('login.code.send')}
        </Button>
      </div>
    </Form.Item>
  </>
);

export default MobileCodeFields;
