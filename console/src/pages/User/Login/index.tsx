import { LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Link, Navigate, useModel, useNavigate, useSearchParams } from '@umijs/max';
import { Alert, Button, Form, Input } from 'antd';
import React, { useEffect, useState } from 'react';
import AuthShell from '@/components/AuthShell';
import AuthTabs from '@/components/AuthShell/AuthTabs';
import { useCountdown } from '@/hooks/useCountdown';
import { fetchSession, preloadShell } from '@/services/session';
import { login, sendSmsCode } from '@/services/sys';
import { errorText } from '@/utils/errors';
import { formatMessage } from '@/utils/intl';
import { clearSession, safeRedirect } from '@/utils/session';
import { getToken, setToken } from '@/utils/token';
import { MOBILE_PATTERN } from '@/utils/validation';

type LoginType = 'account' | 'mobile';

const t = (id: string, values?: Record<string, string | number>) => formatMessage({ id }, values);

const Login: React.FC = () => {
  const { initialState, setInitialState } = useModel('@@initialState');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const [type, setType] = useState<LoginType>('account');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [sending, setSending] = useState(false);
  const [countdown, startCountdown] = useCountdown();

  useEffect(() => {
    document.title = `${t('menu.login')} - ${t('app.title')}`;
  }, []);

  // A logged-in user opening the login page goes home (spec section 2).
  if (initialState?.currentUser && getToken() && !submitting) return <Navigate to="/" replace />;

  const onFinish = async (values: Record<string, string>) => {
    setSubmitting(true);
    setError(undefined);
    preloadShell();
    try {
      const credentials =
        type === 'account'
          ? { username: values.username.trim(), password: values.password }
          : { mobile: values.mobile.trim(), code: values.code.trim() };
      const { token } = await login(credentials);
      setToken(token);
    } catch (e) {
      setError(errorText(e));
      setSubmitting(false);
      return;
    }
    try {
      const session = await fetchSession();
      await setInitialState(session);
      // Let the new state reach every model consumer before the shell mounts.
      await new Promise((resolve) => setTimeout(resolve, 0));
      navigate(safeRedirect(params.get('redirect')), {
        replace: true,
      });
    } catch (e) {
      clearSession();
      setError(t('login.error.session'));
      setSubmitting(false);
    }
  };

  const onSendCode = async () => {
    setError(undefined);
    setNotice(undefined);
    try {
      await form.validateFields(['mobile']);
    } catch {
      return;
    }
    setSending(true);
    try {
      const result = await sendSmsCode(form.getFieldValue('mobile').trim());
      startCountdown(result?.resendAfter || 60);
      setNotice(t('login.sms.sent'));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSending(false);
    }
  };

  const accountFields = (
    <>
      <Form.Item
        name="username"
        rules={[{ required: true, whitespace: true, message: t('login.username.required') }]}
      >
        <Input
          size="large"
          prefix={<UserOutlined />}
          placeholder={t('login.username')}
          autoComplete="username"
        />
      </Form.Item>
      <Form.Item
        name="password"
        rules={[{ required: true, message: t('login.password.required') }]}
      >
        <Input.Password
          size="large"
          prefix={<LockOutlined />}
          placeholder={t('login.password')}
          autoComplete="current-password"
        />
      </Form.Item>
    </>
  );

  const mobileFields = (
    <>
      <Form.Item
        name="mobile"
        rules={[
          { required: true, whitespace: true, message: t('login.mobile.required') },
          { pattern: MOBILE_PATTERN, message: t('login.mobile.invalid') },
        ]}
      >
        <Input
          size="large"
          prefix={<MobileOutlined />}
          placeholder={t('login.mobile')}
          autoComplete="tel"
        />
      </Form.Item>
      <Form.Item required>
        <div style={{ display: 'flex', gap: 8 }}>
          <Form.Item
            name="code"
            noStyle
            rules={[{ required: true, whitespace: true, message: t('login.code.required') }]}
          >
            <Input
              size="large"
              prefix={<SafetyOutlined />}
              placeholder={t('login.code')}
              autoComplete="one-time-code"
            />
          </Form.Item>
          <Button
            size="large"
            style={{ minWidth: 128 }}
            disabled={countdown > 0}
            loading={sending}
            onClick={onSendCode}
            data-testid="send-code"
          >
            {countdown > 0 ? t('login.code.resend', { seconds: countdown }) : t('login.code.send')}
          </Button>
        </div>
      </Form.Item>
    </>
  );

  return (
    <AuthShell>
      <AuthTabs
        activeKey={type}
        onChange={(key) => {
          setType(key as LoginType);
          setError(undefined);
          setNotice(undefined);
        }}
        items={[
          { key: 'account', label: t('login.tab.account') },
          { key: 'mobile', label: t('login.tab.mobile') },
        ]}
      />
      {error && (
        <Alert
          style={{ marginBottom: 24 }}
          type="error"
          showIcon
          message={error}
          role="alert"
          data-testid="login-error"
        />
      )}
      {notice && !error && (
        <Alert style={{ marginBottom: 24 }} type="success" showIcon message={notice} />
      )}
      <Form
        form={form}
        onFinish={onFinish}
        onValuesChange={preloadShell}
        size="large"
        autoComplete="on"
      >
        {type === 'account' ? accountFields : mobileFields}
        <div className="venue-auth-links">
          <Link to="/user/register">{t('login.register')}</Link>
          <span />
        </div>
        <Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            block
            loading={submitting}
            data-testid="login-submit"
          >
            {t('login.submit')}
          </Button>
        </Form.Item>
      </Form>
    </AuthShell>
  );
};

export default Login;
