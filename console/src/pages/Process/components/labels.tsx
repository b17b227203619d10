/** Labels and tags of process states, actions and outcomes (unknown values shown as sent). */
import { Tag } from 'antd';
import React from 'react';
import { formatMessage, hasMessage } from '@/utils/intl';

export const t = (id: string, values?: Record<string, string | number>) =>
  formatMessage({ id }, values);

const label = (prefix: string, value: string | undefined) => {
  if (!value) return '';
  const key = `${prefix}.${value}`;
  return hasMessage(key) ? formatMessage({ id: key }) : value;
};

export const stateLabel = (s?: string) => label('process.state', s);
export const actionLabel = (a?: string) => label('process.action', a);
export const outcomeLabel = (o?: string) => label('process.outcome', o);
export const eventLabel = (k?: string) => label('process.event', k);

const STATE_COLORS: Record<string, string> = {
  running: 'processing',
  completed: 'success',
  rejected: 'error',
  cancelled: 'default',
  withdrawn: 'warning',
  failed: 'error',
  active: 'success',
  suspended: 'warning',
  open: 'processing',
  closed: 'default',
};

export const StateTag: React.FC<{ state?: string }> = ({ state }) =>
  state ? (
    <Tag color={STATE_COLORS[state] ?? 'default'} data-testid={`state-${state}`}>
      {stateLabel(state)}
    </Tag>
  ) : null;

export const INSTANCE_STATES = [
  'running',
  'completed',
  'rejected',
  'cancelled',
  'withdrawn',
  'failed',
];
