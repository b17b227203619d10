import { Link, useSearchParams } from '@umijs/max';
import { Button, Result } from 'antd';
import React from 'react';
import AuthShell from '@/components/AuthShell';
import { formatMessage } from '@/utils/intl';
import { LOGIN_PATH } from '@/utils/session';

/** After a successful merchant sign-up. */
const RegisterResult: React.FC = () => {
  const [params] = useSearchParams();
  const account = params.get('account') ?? '';
  const merchant = params.get('merchant') ?? '';
  return (
    <AuthShell subtitle={formatMessage({ id: 'register.subtitle' })}>
      <Result
        status="success"
        title={formatMessage({ id: 'registerResult.title' }, { merchant })}
        subTitle={formatMessage({ id: 'registerResult.desc' }, { account })}
        extra={
          <Link to={LOGIN_PATH}>
            <Button type="primary">{formatMessage({ id: 'registerResult.toLogin' })}</Button>
          </Link>
        }
      />
    </AuthShell>
  );
};

export default RegisterResult;
