import { history } from '@umijs/max';
import { Button, Result } from 'antd';
import React, { useEffect } from 'react';
import { formatMessage } from '@/utils/intl';

/** Shared body of /403, /404 and /500. */
const ExceptionPage: React.FC<{ status: '403' | '404' | '500' }> = ({ status }) => {
  useEffect(() => {
    document.title = `${formatMessage({ id: `menu.exception.${status}` })} - ${formatMessage({ id: 'app.title' })}`;
  }, [status]);
  return (
    <div className="venue-page-loading" style={{ minHeight: '100vh' }}>
      <Result
        status={status}
        title={status}
        subTitle={formatMessage({ id: `exception.${status}` })}
        extra={
          <Button type="primary" onClick={() => history.push('/')}>
            {formatMessage({ id: 'exception.backHome' })}
          </Button>
        }
      />
    </div>
  );
};

export default ExceptionPage;
