import {
  EnvironmentOutlined,
  IdcardOutlined,
  LockOutlined,
  ShopOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Link, useNavigate } from '@umijs/max';
import { Alert, Form, Input } from 'antd';
import React, { useEffect, useState } from 'react';
import AuthShell from '@/components/AuthShell';
import AuthSubmit from '@/components/AuthShell/AuthSubmit';
import PageLoading from '@/components/PageLoading';
import MobileCodeFields, { useSmsCode } from '@/components/AuthShell/MobileCodeFields';
import { registerMerchant } from '@/services/sys-admin';
import { showFormError } from '@/utils/fieldErrors';
import { formatMessage, useAreaMessages } from '@/utils/intl';
import { LOGIN_PATH } from '@/utils/session';
import { MIN_PASSWORD } from '@/utils/validation';

const t = (id: string, values?: Record<string, string | number>) => formatMessage({ id }, values);

const FIELDS = [
  'merchantName',
  'contactName',
  'mobile',
  'code',
  'password',
  'repassword',
  'address',
  'licenceNo',
];

/**
 * Merchant sign-up: business, contact, mobile + SMS code, password, optional address and
 * licence (POST /sys/merchant/register). The answer is an application waiting for the
 * platform's review: the result page shows its number.
 */
const Register: React.FC = () => {
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();
  const sms = useSmsCode(form, setError);

  useEffect(() => {
    document.title = `${t('menu.register')} - ${t('app.title')}`;
  }, []);

  const onFinish = async (values: Record<string, string>) => {
    setSubmitting(true);
    setError(undefined);
    try {
      const merchant = values.merchantName.trim();
      const result = await registerMerchant({
        merchantName: merchant,
        contactName: values.contactName.trim(),
        mobile: values.mobile.trim(),
        code: values.code.trim(),
        password: values.password,
        repassword: values.repassword,
        address: values.address?.trim() || undefined,
        licenceNo: values.licenceNo?.trim() || undefined,
      });
      navigate(
        `/user/registerResult?application=${encodeURIComponent(String(result.applicationId))}` +
          `&status=${encodeURIComponent(result.status)}&merchant=${encodeURIComponent(merchant)}`,
        { replace: true },
      );
    } catch (e) {
      setError(showFormError(form, e, FIELDS));
      setSubmitting(false);
    }
  };

  return (
    <AuthShell subtitle={t('onboarding.register.subtitle')}>
      <h3 style={{ marginTop: 8 }}>{t('onboarding.register.title')}</h3>
      {error && (
        <Alert style={{ marginBottom: 24 }} type="error" showIcon message={error} role="alert" />
      )}
      <Form form={form} onFinish={onFinish} size="large">
        <Form.Item
          name="merchantName"
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('onboarding.register.merchantName.required'),
            },
          ]}
        >
          <Input
            prefix={<ShopOutlined />}
            placeholder={t('onboarding.register.merchantName')}
            maxLength={100}
          />
        </Form.Item>
        <Form.Item
          name="contactName"
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('onboarding.register.contactName.required'),
            },
          ]}
        >
          <Input
            prefix={<UserOutlined />}
            placeholder={t('onboarding.register.contactName')}
            maxLength={50}
          />
        </Form.Item>
        <MobileCodeFields {...sms} />
        <Form.Item
          name="password"
          rules={[
            { required: true, message: t('password.new.required') },
            { min: MIN_PASSWORD, message: t('password.min', { min: MIN_PASSWORD }) },
          ]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('login.password')}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item
          name="repassword"
          dependencies={['password']}
          rules={[
            { required: true, message: t('password.confirm.required') },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || getFieldValue('password') === value
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('password.mismatch'))),
            }),
          ]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('password.confirm')}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item name="address">
          <Input
            prefix={<EnvironmentOutlined />}
            placeholder={t('onboarding.register.address')}
            maxLength={255}
          />
        </Form.Item>
        <Form.Item name="licenceNo">
          <Input
            prefix={<IdcardOutlined />}
            placeholder={t('onboarding.register.licenceNo')}
            maxLength={64}
          />
        </Form.Item>
        <AuthSubmit loading={submitting} testId="register-submit">
          {t('onboarding.register.submit')}
        </AuthSubmit>
        <div className="venue-auth-links">
          <Link to={LOGIN_PATH}>{t('onboarding.register.toLogin')}</Link>
        </div>
      </Form>
    </AuthShell>
  );
};

/** The sign-up texts are the onboarding area's messages, which a logged-out visitor loads only here. */
const RegisterPage: React.FC = () =>
  useAreaMessages(['onboarding']) ? <Register /> : <PageLoading />;

export default RegisterPage;
