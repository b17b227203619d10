import { Popconfirm, Switch, Typography } from 'antd';
import React from 'react';
import { Access, useOperation } from '@/components/Access';
import { feedback } from '@/utils/feedback';
import { formatMessage } from '@/utils/intl';
import { t } from './text';

/**
 * The status switch of a table row (tables, printers): usable with the operation of the change
 * it would make (configure:<resource>:enable or :disable); a refused change reloads the row.
 */
export const EnabledSwitch: React.FC<{
  resource: string;
  enabled: boolean;
  onChange: (enabled: boolean) => Promise<unknown>;
  onDone: () => void;
}> = ({ resource, enabled, onChange, onDone }) => {
  const { can } = useOperation();
  return (
    <Switch
      size="small"
      checked={enabled}
      disabled={!can(`configure:${resource}:${enabled ? 'disable' : 'enable'}`)}
      onChange={async (v) => {
        await onChange(v).catch(() => undefined);
        onDone();
      }}
    />
  );
};

/** The delete link of a table row: guarded by its operation, confirmed first, then a success message. */
export const DeleteLink: React.FC<{
  code: string;
  title: string;
  onDelete: () => Promise<unknown>;
  onDone: () => void;
}> = ({ code, title, onDelete, onDone }) => (
  <Access code={code}>
    <Popconfirm
      title={title}
      okButtonProps={{ danger: true }}
      onConfirm={async () => {
        await onDelete();
        feedback.success(formatMessage({ id: 'common.deleteSucceed' }));
        onDone();
      }}
    >
      <Typography.Link type="danger">{t('configure.delete')}</Typography.Link>
    </Popconfirm>
  </Access>
);
