import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link, Navigate, useModel, useNavigate, useSearchParams } from '@umijs/max';
import { Alert, Form, Input } from 'antd';
import React, { useEffect, useState } from 'react';
import AuthShell from '@/components/AuthShell';
import AuthSubmit from '@/components/AuthShell/AuthSubmit';
import AuthTabs from '@/components/AuthShell/AuthTabs';
import MobileCodeFields, { useSmsCode } from '@/components/AuthShell/MobileCodeFields';
import { fetchSession, preloadShell } from '@/services/session';
import { login } from '@/services/sys';
import { errorText } from '@/utils/errors';
import { formatMessage } from '@/utils/intl';
import { clearSession, safeRedirect } from '@/utils/session';
import { getToken, setToken } from '@/utils/token';

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
  const sms = useSmsCode(form, setError, setNotice);

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
    } catch {
      clearSession();
      setError(t('login.error.session'));
      setSubmitting(false);
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

  const mobileFields = <MobileCodeFields {...sms} />;

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
        <AuthSubmit loading={submitting} testId="login-submit">
          {t('login.submit')}
        </AuthSubmit>
      </Form>
    </AuthShell>
  );
};

export default Login;
