import { DeleteOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm, Typography } from 'antd';
import React from 'react';
import { Access } from '@/components/Access';
import { t } from './text';

export interface DeleteActionProps {
  /** operation code, e.g. sys:user:delete */
  code: string;
  /** what the confirmation names */
  name: string;
  description?: React.ReactNode;
  onDelete: () => Promise<unknown>;
  /** after the success message: reload, move the selection */
  onDone: () => void;
  /** a small danger button (detail panels) instead of a table row's link */
  button?: boolean;
  /** keep clicks from reaching a clickable row */
  stopPropagation?: boolean;
}

/** Delete of the sys pages: guarded by its operation, confirmed first, then a success message. */
const DeleteAction: React.FC<DeleteActionProps> = ({
  code,
  name,
  description,
  onDelete,
  onDone,
  button,
  stopPropagation,
}) => {
  const { message } = App.useApp();
  const stop = (e?: React.MouseEvent) => {
    if (stopPropagation) e?.stopPropagation();
  };
  return (
    <Access code={code}>
      <Popconfirm
        title={t('sys.confirm.delete', { name })}
        description={description}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        onConfirm={async (e) => {
          stop(e);
          await onDelete();
          message.success(t('common.deleteSucceed'));
          onDone();
        }}
        onCancel={stopPropagation ? stop : undefined}
      >
        {button ? (
          <Button size="small" danger icon={<DeleteOutlined />}>
            {t('sys.delete')}
          </Button>
        ) : (
          <Typography.Link type="danger" onClick={stopPropagation ? stop : undefined}>
            <DeleteOutlined /> {t('sys.delete')}
          </Typography.Link>
        )}
      </Popconfirm>
    </Access>
  );
};

export default DeleteAction;
