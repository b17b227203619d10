import type { ProColumns } from '@ant-design/pro-components';
import { Popconfirm, Switch, Tag } from 'antd';
import { t } from './text';

/**
 * The Status column of the category and promotion lists: a filter on enabled/disabled and, in the
 * row, a switch that asks first (`confirm` gives the question for the new state) and
 * then calls `toggle`. Without the permission (`allowed`) the switch is disabled, or with
 * `deniedAsTag` a plain tag shows the state instead.
 */
export function statusColumn<T extends { status: number }>({
  allowed,
  confirm,
  toggle,
  deniedAsTag = false,
}: {
  allowed: (row: T) => boolean;
  confirm: (enable: boolean) => string;
  toggle: (row: T, enable: boolean) => unknown;
  deniedAsTag?: boolean;
}): ProColumns<T> {
  return {
    title: t('cuisine.status'),
    dataIndex: 'status',
    width: 120,
    valueType: 'select',
    valueEnum: {
      1: { text: t('cuisine.enabled'), status: 'Success' },
      0: { text: t('cuisine.disabled'), status: 'Default' },
    },
    render: (_, r) => {
      const enabled = r.status === 1;
      const may = allowed(r);
      if (!may && deniedAsTag) {
        return (
          <Tag color={enabled ? 'green' : 'default'}>
            {enabled ? t('cuisine.enabled') : t('cuisine.disabled')}
          </Tag>
        );
      }
      return (
        <Popconfirm disabled={!may} title={confirm(!enabled)} onConfirm={() => toggle(r, !enabled)}>
          <Switch
            size="small"
            disabled={!may}
            checked={enabled}
            checkedChildren={t('cuisine.enabled')}
            unCheckedChildren={t('cuisine.disabled')}
          />
        </Popconfirm>
      );
    },
  };
}
