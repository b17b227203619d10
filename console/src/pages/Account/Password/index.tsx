import { ProForm, ProFormText } from '@ant-design/pro-components';
import { history } from '@umijs/max';
import { Alert, App, Card } from 'antd';
import React, { useState } from 'react';
import { updatePassword } from '@/services/sys';
import { errorText } from '@/utils/errors';
import { formatMessage } from '@/utils/intl';
import { RequestError } from '@/utils/request';
import { clearSession, LOGIN_PATH } from '@/utils/session';
import { MIN_PASSWORD } from '@/utils/validation';

const t = (id: string, values?: Record<string, string | number>) => formatMessage({ id }, values);

/** Change own password (spec section 5); afterwards the user must log in again. */
const PasswordPage: React.FC = () => {
  const { message } = App.useApp();
  const [form] = ProForm.useForm<API.PasswordParams>();
  const [error, setError] = useState<string>();

  const onFinish = async (values: API.PasswordParams) => {
    setError(undefined);
    try {
      await updatePassword(values);
    } catch (e) {
      setError(errorText(e));
      if (e instanceof RequestError && e.code === 10106) {
        form.setFields([{ name: 'oldPassword', errors: [errorText(e)] }]);
      }
      return false;
    }
    message.success(t('password.changed'));
    // Every token of the user is revoked by the server: log in again.
    clearSession();
    history.replace(LOGIN_PATH);
    return true;
  };

  return (
    <Card title={t('menu.account.password')}>
      <div style={{ maxWidth: 440 }}>
        <Alert type="info" showIcon style={{ marginBottom: 24 }} message={t('password.hint')} />
        {error && (
          <Alert type="error" showIcon style={{ marginBottom: 24 }} message={error} role="alert" />
        )}
        <ProForm<API.PasswordParams>
          form={form}
          layout="vertical"
          onFinish={onFinish}
          submitter={{
            searchConfig: { submitText: t('password.submit'), resetText: t('common.reset') },
          }}
        >
          <ProFormText.Password
            name="oldPassword"
            label={t('password.old')}
            fieldProps={{ autoComplete: 'current-password' }}
            rules={[{ required: true, message: t('password.old.required') }]}
          />
          <ProFormText.Password
            name="password"
            label={t('password.new')}
            fieldProps={{ autoComplete: 'new-password' }}
            rules={[
              { required: true, message: t('password.new.required') },
              { min: MIN_PASSWORD, message: t('password.min', { min: MIN_PASSWORD }) },
            ]}
          />
          <ProFormText.Password
            name="repassword"
            label={t('password.confirm')}
            dependencies={['password']}
            fieldProps={{ autoComplete: 'new-password' }}
            rules={[
              { required: true, message: t('password.confirm.required') },
              { min: MIN_PASSWORD, message: t('password.min', { min: MIN_PASSWORD }) },
              ({ getFieldValue }) => ({
                validator: (_, value) =>
                  !value || getFieldValue('password') === value
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('password.mismatch'))),
              }),
            ]}
          />
        </ProForm>
      </div>
    </Card>
  );
};

export default PasswordPage;
