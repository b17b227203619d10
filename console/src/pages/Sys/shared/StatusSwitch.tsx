import { App, Switch } from 'antd';
import React, { useState } from 'react';
import { Access } from '@/components/Access';
import { t } from './text';

export interface StatusSwitchProps {
  enabled: boolean;
  /** what the confirmation names, e.g. the user name */
  name: string;
  /** operation codes, e.g. sys:user:enable and sys:user:disable */
  enableCode: string;
  disableCode: string;
  onChange: (enabled: boolean) => Promise<unknown>;
  onDone?: () => void;
  testId?: string;
}

/** Enable/disable switch: guarded by the operation of the change it would make, confirmed first. */
const StatusSwitch: React.FC<StatusSwitchProps> = ({
  enabled,
  name,
  enableCode,
  disableCode,
  onChange,
  onDone,
  testId,
}) => {
  const { modal, message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const ask = () => {
    const next = !enabled;
    modal.confirm({
      title: t(next ? 'sys.confirm.enable' : 'sys.confirm.disable', { name }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        setBusy(true);
        try {
          await onChange(next);
          message.success(t('common.modifySucceed'));
          onDone?.();
        } finally {
          setBusy(false);
        }
      },
    });
  };
  return (
    // the state is written beside the switch, not inside it: a small switch clips longer
    // words ("Ena" for Enabled)
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, whiteSpace: 'nowrap' }}>
      <Access code={enabled ? disableCode : enableCode} mode="disable">
        <Switch
          size="small"
          checked={enabled}
          loading={busy}
          onClick={ask}
          aria-label={t(enabled ? 'sys.status.enabled' : 'sys.status.disabled')}
          data-testid={testId}
        />
      </Access>
      <span>{t(enabled ? 'sys.status.enabled' : 'sys.status.disabled')}</span>
    </span>
  );
};

export default StatusSwitch;
