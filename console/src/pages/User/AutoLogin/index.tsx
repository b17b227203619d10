import { Link, useModel, useNavigate, useSearchParams } from '@umijs/max';
import { Button, Result, Spin } from 'antd';
import React, { useEffect, useState } from 'react';
import AuthShell from '@/components/AuthShell';
import { fetchSession } from '@/services/session';
import { formatMessage } from '@/utils/intl';
import { clearSession, LOGIN_PATH, safeRedirect } from '@/utils/session';
import { setToken } from '@/utils/token';

/** /user/autologin?token=...&redirect=...: signs in with a token handed over by a link. */
const AutoLogin: React.FC = () => {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const { setInitialState } = useModel('@@initialState');
  const [failed, setFailed] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: signs in once per token; the router, the query and the model hand out new functions on every render
  useEffect(() => {
    if (!token) return;
    setToken(token);
    fetchSession()
      .then(async (session) => {
        await setInitialState(session);
        navigate(safeRedirect(params.get('redirect')), { replace: true });
      })
      .catch(() => {
        clearSession();
        setFailed(true);
      });
  }, [token]);

  if (token && !failed) {
    return (
      <AuthShell>
        <div className="venue-page-loading" style={{ minHeight: 160 }}>
          <Spin tip={formatMessage({ id: 'autologin.signingIn' })} size="large">
            <div style={{ width: 200, height: 80 }} />
          </Spin>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell>
      <Result
        status="warning"
        title={formatMessage({ id: 'autologin.noSession' })}
        extra={
          <Link to={LOGIN_PATH}>
            <Button type="primary">{formatMessage({ id: 'autologin.toLogin' })}</Button>
          </Link>
        }
      />
    </AuthShell>
  );
};

export default AutoLogin;
