/**
 * What the form designer (/process/form) and the model editor (/process/model) share: the card with
 * the back arrow, the key/name/description fields above the canvas with their required checks and
 * server messages, the "updated by/at" and Actions columns and the list's New button.
 */
import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { Button, Card, Form, Input, Popconfirm, Space } from 'antd';
import React from 'react';
import { Access } from '@/components/Access';
import { errorText } from '@/utils/errors';
import { feedback } from '@/utils/feedback';
import { formatDate } from '@/utils/intl';
import { RequestError } from '@/utils/request';
import { t } from './labels';
import ActionLink from '@/components/ActionLink';

/** Which editor: names its texts (process.form.* / process.model.*) and test ids (form-* / model-*). */
export type DesignKind = 'form' | 'model';

export interface KeyName {
  id?: number;
  key: string;
  name: string;
  description?: string;
}

/** The header fields' messages by field name (key, name, and whatever else the server names). */
export type FieldMessages = Record<string, string>;

/** The required messages of an empty key or name; an empty object when both are filled in. */
export function missingKeyName(meta: KeyName): FieldMessages {
  return {
    ...(meta.key ? {} : { key: t('process.common.required') }),
    ...(meta.name ? {} : { name: t('process.common.required') }),
  };
}

/** A refused save: the server's field messages go to the header fields, its message to a toast. */
export function showSaveError(e: unknown, setFieldErrors: (errors: FieldMessages) => void) {
  if (e instanceof RequestError && e.fields) setFieldErrors(e.fields);
  feedback.error(errorText(e));
}

/** The editor's card: back arrow (through `onBack`, which may ask first), the title, a version tag. */
export const DesignCard: React.FC<{
  kind: DesignKind;
  meta: KeyName;
  version?: React.ReactNode;
  onBack: () => void;
  extra: React.ReactNode;
  children: React.ReactNode;
}> = ({ kind, meta, version, onBack, extra, children }) => (
  <Card
    title={
      <Space>
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={onBack} />
        {meta.id ? meta.name : t(`process.${kind}.new`)}
        {version}
      </Space>
    }
    extra={extra}
  >
    {children}
  </Card>
);

/**
 * The key, name and description inputs above the canvas. `keyLocked` keeps the key of a saved
 * item; `children` are more fields between the name and the description.
 */
export function KeyNameFields<M extends KeyName>({
  kind,
  meta,
  onChange,
  errors,
  keyLocked,
  descriptionWidth,
  children,
}: {
  kind: DesignKind;
  meta: M;
  onChange: (meta: M) => void;
  errors: FieldMessages;
  keyLocked?: boolean;
  descriptionWidth: number;
  children?: React.ReactNode;
}) {
  return (
    <Form layout="inline" style={{ marginBottom: 12, rowGap: 8 }}>
      <Form.Item
        label={t(`process.${kind}.key`)}
        required
        validateStatus={errors.key ? 'error' : undefined}
        help={errors.key}
      >
        <Input
          value={meta.key}
          disabled={keyLocked}
          onChange={(e) => onChange({ ...meta, key: e.target.value.trim() })}
          data-testid={`${kind}-key`}
        />
      </Form.Item>
      <Form.Item
        label={t(`process.${kind}.name`)}
        required
        validateStatus={errors.name ? 'error' : undefined}
        help={errors.name}
      >
        <Input
          value={meta.name}
          onChange={(e) => onChange({ ...meta, name: e.target.value })}
          data-testid={`${kind}-name`}
        />
      </Form.Item>
      {children}
      <Form.Item label={t('process.common.description')}>
        <Input
          style={{ width: descriptionWidth }}
          value={meta.description}
          onChange={(e) => onChange({ ...meta, description: e.target.value })}
        />
      </Form.Item>
    </Form>
  );
}

/** The list's "updated by" and "updated at" columns. */
export function updatedColumns<
  T extends { updatedBy?: string; updatedAt?: string },
>(): ProColumns<T>[] {
  return [
    { title: t('process.common.updatedBy'), dataIndex: 'updatedBy', search: false },
    {
      title: t('process.common.updatedAt'),
      dataIndex: 'updatedAt',
      search: false,
      render: (_, r) => formatDate(r.updatedAt),
    },
  ];
}

/**
 * The list's Actions column: open the row in the editor, and delete it (asked first with
 * `confirmDelete`) for those who may.
 */
export function actionsColumn<T extends { key: string }>(
  kind: DesignKind,
  {
    open,
    remove,
    confirmDelete,
  }: { open: (row: T) => void; remove: (row: T) => Promise<unknown>; confirmDelete: string },
): ProColumns<T> {
  return {
    title: t('process.common.actions'),
    valueType: 'option',
    render: (_, row) => [
      <ActionLink key="open" onClick={() => open(row)} data-testid={`${kind}-open-${row.key}`}>
        {t(`process.${kind}.design`)}
      </ActionLink>,
      <Access key="delete" code={`process:${kind}:delete`}>
        <Popconfirm title={confirmDelete} onConfirm={() => remove(row)}>
          <ActionLink>{t('process.common.delete')}</ActionLink>
        </Popconfirm>
      </Access>,
    ],
  };
}

/** The list's New button (for those who may add). */
export const NewButton: React.FC<{ kind: DesignKind; onClick: () => void }> = ({
  kind,
  onClick,
}) => (
  <Access code={`process:${kind}:add`}>
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick} data-testid={`${kind}-new`}>
      {t(`process.${kind}.new`)}
    </Button>
  </Access>
);
