import { Button, Result } from 'antd';
import React from 'react';
import { formatMessage } from '@/utils/intl';

/** A failed chunk download (time-out 120 s) or a render error offers a reload, not a blank page. */
export const isChunkLoadError = (error: unknown): boolean => {
  const e = error as { name?: string; message?: string } | undefined;
  return (
    e?.name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [\w-]+ failed/i.test(e?.message ?? '') ||
    /Failed to fetch dynamically imported module/i.test(e?.message ?? '')
  );
};

interface State {
  error?: unknown;
}

export default class ErrorBoundary extends React.Component<{ children: React.ReactNode }, State> {
  state: State = {};

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  componentDidCatch(error: unknown) {
    // eslint-disable-next-line no-console
    console.error(error);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = isChunkLoadError(error);
    return (
      <Result
        status={chunk ? 'warning' : 'error'}
        title={formatMessage({ id: chunk ? 'error.chunk.title' : 'error.render.title' })}
        subTitle={formatMessage({ id: chunk ? 'error.chunk.desc' : 'error.render.desc' })}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {formatMessage({ id: 'error.reload' })}
          </Button>
        }
      />
    );
  }
}
