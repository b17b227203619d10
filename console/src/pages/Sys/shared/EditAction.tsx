import { EditOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import React from 'react';
import { Access } from '@/components/Access';
import { t } from './text';

/** Edit of a sys table row: a link guarded by its operation code (e.g. sys:user:edit). */
const EditAction: React.FC<{ code: string; onClick: (e: React.MouseEvent) => void }> = ({
  code,
  onClick,
}) => (
  <Access code={code}>
    <Typography.Link onClick={onClick}>
      <EditOutlined /> {t('sys.edit')}
    </Typography.Link>
  </Access>
);

export default EditAction;
