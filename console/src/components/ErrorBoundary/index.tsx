import { CloseCircleFilled, WarningFilled } from '@ant-design/icons';
import { Button, theme } from 'antd';
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

/**
 * What the boundary shows. Drawn here rather than with antd's Result, whose status
 * illustrations would put some 30 KB into the entry every page (login included) loads.
 */
const ErrorView: React.FC<{ chunk: boolean }> = ({ chunk }) => {
  const { token } = theme.useToken();
  const Icon = chunk ? WarningFilled : CloseCircleFilled;
  return (
    <div className="venue-error" role="alert">
      <Icon
        className="venue-error-icon"
        style={{ color: chunk ? token.colorWarning : token.colorError }}
      />
      <div className="venue-error-title" style={{ color: token.colorTextHeading }}>
        {formatMessage({ id: chunk ? 'error.chunk.title' : 'error.render.title' })}
      </div>
      <div className="venue-error-desc" style={{ color: token.colorTextDescription }}>
        {formatMessage({ id: chunk ? 'error.chunk.desc' : 'error.render.desc' })}
      </div>
      <Button type="primary" onClick={() => window.location.reload()}>
        {formatMessage({ id: 'error.reload' })}
      </Button>
    </div>
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
    console.error(error);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <ErrorView chunk={isChunkLoadError(error)} />;
  }
}
