import { UserOutlined } from '@ant-design/icons';
import { ProForm, ProFormText } from '@ant-design/pro-components';
import { useModel } from '@umijs/max';
import { Alert, App, Card } from 'antd';
import React, { useState } from 'react';
import { updateInfo } from '@/services/sys';
import { errorText } from '@/utils/errors';
import { formatMessage } from '@/utils/intl';
import { RequestError } from '@/utils/request';
import { MOBILE_PATTERN } from '@/utils/validation';
import ImageUpload from '@/components/ImageUpload';

const t = (id: string) => formatMessage({ id });

/** Edit own info: user name, mobile, avatar. */
const AccountSettings: React.FC = () => {
  const { initialState, setInitialState } = useModel('@@initialState');
  const { message } = App.useApp();
  const [form] = ProForm.useForm<API.UserInfoParams>();
  const [error, setError] = useState<string>();
  const user = initialState?.currentUser;

  const onFinish = async (values: API.UserInfoParams) => {
    setError(undefined);
    try {
      const updated = await updateInfo({
        userName: values.userName.trim(),
        mobile: values.mobile?.trim(),
        suserHeader: values.suserHeader,
      });
      setInitialState((s) => ({
        ...s,
        currentUser: { ...s?.currentUser, ...values, ...(updated ?? {}) } as API.CurrentUser,
      }));
      message.success(t('common.modifySucceed'));
      return true;
    } catch (e) {
      setError(errorText(e));
      if (e instanceof RequestError && e.fields) {
        form.setFields(
          Object.entries(e.fields).map(([name, msg]) => ({
            name: name as keyof API.UserInfoParams,
            errors: [msg],
          })),
        );
      }
      return false;
    }
  };

  return (
    <Card title={t('menu.account.settings')}>
      <div style={{ maxWidth: 520 }}>
        {error && (
          <Alert type="error" showIcon style={{ marginBottom: 24 }} message={error} role="alert" />
        )}
        <ProForm<API.UserInfoParams>
          form={form}
          layout="vertical"
          initialValues={{
            userName: user?.userName,
            mobile: user?.mobile,
            suserHeader: user?.suserHeader,
          }}
          onFinish={onFinish}
          submitter={{
            searchConfig: { submitText: t('common.save'), resetText: t('common.reset') },
          }}
        >
          <ProForm.Item name="suserHeader" label={t('account.avatar')}>
            <ImageUpload
              label={t('account.avatar.upload')}
              hint={t('account.avatar.hint')}
              avatar={{ size: 72, icon: <UserOutlined /> }}
            />
          </ProForm.Item>
          <ProFormText
            name="userName"
            label={t('account.userName')}
            rules={[{ required: true, whitespace: true, message: t('account.userName.required') }]}
            fieldProps={{ maxLength: 50 }}
          />
          <ProFormText
            name="mobile"
            label={t('account.mobile')}
            rules={[
              { required: true, whitespace: true, message: t('login.mobile.required') },
              { pattern: MOBILE_PATTERN, message: t('login.mobile.invalid') },
            ]}
          />
        </ProForm>
      </div>
    </Card>
  );
};

export default AccountSettings;
