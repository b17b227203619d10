import { Link, useSearchParams } from '@umijs/max';
import { Button, Descriptions, Result } from 'antd';
import React, { useEffect } from 'react';
import AuthShell from '@/components/AuthShell';
import { formatMessage } from '@/utils/intl';
import { LOGIN_PATH } from '@/utils/session';

const t = (id: string, values?: Record<string, string | number>) => formatMessage({ id }, values);

/**
 * After a merchant sign-up: the application waits for the platform's review. Once it is
 * approved the merchant logs in with the mobile number and the password chosen here.
 */
const RegisterResult: React.FC = () => {
  const [params] = useSearchParams();
  const application = params.get('application') ?? '';
  const merchant = params.get('merchant') ?? '';
  useEffect(() => {
    document.title = `${t('menu.registerResult')} - ${t('app.title')}`;
  }, []);
  return (
    <AuthShell subtitle={t('register.subtitle')}>
      <Result
        status="info"
        title={t('sys.register.pending.title')}
        subTitle={t('sys.register.pending.desc', { merchant })}
        extra={
          <Link to={LOGIN_PATH}>
            <Button type="primary">{t('registerResult.toLogin')}</Button>
          </Link>
        }
      >
        {application && (
          <Descriptions column={1} size="small" bordered data-testid="register-application">
            <Descriptions.Item label={t('sys.register.application')}>
              {application}
            </Descriptions.Item>
            <Descriptions.Item label={t('sys.register.status')}>
              {t('sys.signup.status.pending')}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Result>
    </AuthShell>
  );
};

export default RegisterResult;
