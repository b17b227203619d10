import { LoadingOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Space, Upload } from 'antd';
import type { UploadProps } from 'antd';
import React, { useState } from 'react';
import { UPLOAD_IMAGE_URL } from '@/services/sys';
import { formatMessage } from '@/utils/intl';
import { applyErrorAction, authHeaders, type Envelope } from '@/utils/request';
import { checkImage } from '@/utils/validation';

const t = (id: string) => formatMessage({ id });

/** Avatar picker: checks type and size first, uploads to the image endpoint, answers the path. */
const AvatarUpload: React.FC<{ value?: string; onChange?: (value: string) => void }> = ({
  value,
  onChange,
}) => {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);

  const props: UploadProps<Envelope<API.UploadResult>> = {
    name: 'file',
    action: UPLOAD_IMAGE_URL,
    accept: '.jpg,.jpeg,.png,.gif',
    showUploadList: false,
    headers: authHeaders(UPLOAD_IMAGE_URL),
    beforeUpload: (file) => {
      const problem = checkImage(file);
      if (problem) {
        message.error(t(problem));
        return Upload.LIST_IGNORE;
      }
      return true;
    },
    onChange: ({ file }) => {
      if (file.status === 'uploading') {
        setUploading(true);
        return;
      }
      setUploading(false);
      if (file.status === 'done') {
        const envelope = file.response;
        if (envelope?.code === 10000 && envelope.result?.length) {
          onChange?.(envelope.result[0]);
        } else {
          message.error(envelope?.msg || t('upload.serviceError'));
        }
      }
      if (file.status === 'error') {
        const status = (file.error as { status?: number } | undefined)?.status;
        if (status === 401) {
          applyErrorAction({ type: 'logout', text: file.response?.msg || '' });
          return;
        }
        message.error(file.response?.msg || t('upload.failed'));
      }
    },
  };

  return (
    <Space size={16} align="center">
      <Avatar size={72} src={value || undefined} icon={<UserOutlined />} />
      <Upload {...props}>
        <Button icon={uploading ? <LoadingOutlined /> : <UploadOutlined />} disabled={uploading}>
          {t('account.avatar.upload')}
        </Button>
      </Upload>
      <span style={{ color: 'rgba(128,128,128,0.9)' }}>{t('account.avatar.hint')}</span>
    </Space>
  );
};

export default AvatarUpload;
