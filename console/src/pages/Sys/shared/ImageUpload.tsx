import { LoadingOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Space, Upload } from 'antd';
import type { UploadProps } from 'antd';
import React, { useState } from 'react';
import { UPLOAD_IMAGE_URL } from '@/services/sys';
import { applyErrorAction, authHeaders, type Envelope } from '@/utils/request';
import { checkImage } from '@/utils/validation';
import { formatMessage } from '@/utils/intl';
import { t } from './text';

/** Image picker (logo): checks type and size first, uploads, answers the stored path. */
const ImageUpload: React.FC<{ value?: string; onChange?: (value: string) => void }> = ({
  value,
  onChange,
}) => {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  const props: UploadProps<Envelope<string[]>> = {
    name: 'file',
    action: UPLOAD_IMAGE_URL,
    accept: '.jpg,.jpeg,.png,.gif',
    showUploadList: false,
    headers: authHeaders(UPLOAD_IMAGE_URL),
    beforeUpload: (file) => {
      const problem = checkImage(file);
      if (problem) {
        message.error(formatMessage({ id: problem }));
        return Upload.LIST_IGNORE;
      }
      return true;
    },
    onChange: ({ file }) => {
      setUploading(file.status === 'uploading');
      if (file.status === 'done') {
        const envelope = file.response;
        if (envelope?.code === 10000 && envelope.result?.length) onChange?.(envelope.result[0]);
        else message.error(envelope?.msg || formatMessage({ id: 'upload.serviceError' }));
      }
      if (file.status === 'error') {
        if ((file.error as { status?: number } | undefined)?.status === 401) {
          applyErrorAction({ type: 'logout', text: file.response?.msg || '' });
          return;
        }
        message.error(file.response?.msg || formatMessage({ id: 'upload.failed' }));
      }
    },
  };
  return (
    <Space size={16} align="center">
      <Avatar shape="square" size={64} src={value || undefined} icon={<PictureOutlined />} />
      <Upload {...props}>
        <Button icon={uploading ? <LoadingOutlined /> : <UploadOutlined />} disabled={uploading}>
          {t('sys.org.logo.upload')}
        </Button>
      </Upload>
    </Space>
  );
};

export default ImageUpload;
