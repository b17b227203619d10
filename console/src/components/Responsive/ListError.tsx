import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import React from 'react';
import { formatMessage } from '@/utils/intl';
import { RequestError } from '@/utils/request';

const t = (id: string) => formatMessage({ id });

/** The words for a list that failed to load: no connection, or the server's reason. */
export function listErrorText(error: unknown): { title: string; detail?: string } {
  if (error instanceof RequestError && (error.kind === 'network' || error.kind === 'timeout')) {
    return { title: t('ui.list.offline') };
  }
  const msg = error instanceof RequestError && error.message && !error.message.startsWith('request.') ? error.message : '';
  return { title: t('ui.list.failed'), detail: msg || undefined };
}

/** A list's failed load, inside the page, with a retry (instead of the exception page). */
const ListError: React.FC<{ error: unknown; onRetry: () => void; testId?: string }> = ({ error, onRetry, testId }) => {
  const { title, detail } = listErrorText(error);
  return (
    <Alert
      type="error"
      showIcon
      message={title}
      description={detail}
      style={{ marginBottom: 12 }}
      data-testid={testId ? `${testId}-error` : 'list-error'}
      action={
        <Button size="small" icon={<ReloadOutlined />} onClick={onRetry} data-testid={testId ? `${testId}-retry` : 'list-retry'}>
          {t('ui.retry')}
        </Button>
      }
    />
  );
};

export default ListError;
