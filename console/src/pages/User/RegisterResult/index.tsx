import { Link, useSearchParams } from '@umijs/max';
import { Button, Descriptions, Result } from 'antd';
import React, { useEffect } from 'react';
import AuthShell from '@/components/AuthShell';
import PageLoading from '@/components/PageLoading';
import { formatMessage, useAreaMessages } from '@/utils/intl';
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
    <AuthShell subtitle={t('onboarding.register.subtitle')}>
      <Result
        status="info"
        title={t('onboarding.register.pending.title')}
        subTitle={t('onboarding.register.pending.desc', { merchant })}
        extra={
          <Link to={LOGIN_PATH}>
            <Button type="primary">{t('onboarding.registerResult.toLogin')}</Button>
          </Link>
        }
      >
        {application && (
          <Descriptions column={1} size="small" bordered data-testid="register-application">
            <Descriptions.Item label={t('onboarding.register.application')}>
              {application}
            </Descriptions.Item>
            <Descriptions.Item label={t('onboarding.register.status')}>
              {t('onboarding.signup.status.pending')}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Result>
    </AuthShell>
  );
};

/** The sign-up texts are the onboarding area's messages, which a logged-out visitor loads only here. */
const RegisterResultPage: React.FC = () =>
  useAreaMessages(['onboarding']) ? <RegisterResult /> : <PageLoading />;

export default RegisterResultPage;
