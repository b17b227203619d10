import { LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { Avatar, Button, Space, Upload, type AvatarProps } from 'antd';
import React, { useState } from 'react';
import { imageUploadProps, uploadedPath, uploadFailed } from './upload';

export interface ImageUploadProps {
  value?: string;
  onChange?: (value: string) => void;
  /** the button's text */
  label: string;
  /** a line beside the button */
  hint?: string;
  /** how the current image shows (size, shape, the icon when there is none) */
  avatar: Pick<AvatarProps, 'size' | 'shape' | 'icon'>;
}

/**
 * One image (an avatar, a logo): the current one, and a button that checks the file's type
 * and size first, uploads it and answers the stored path.
 */
const ImageUpload: React.FC<ImageUploadProps> = ({ value, onChange, label, hint, avatar }) => {
  const [uploading, setUploading] = useState(false);
  return (
    <Space size={16} align="center">
      <Avatar {...avatar} src={value || undefined} />
      <Upload
        {...imageUploadProps()}
        showUploadList={false}
        onChange={({ file }) => {
          setUploading(file.status === 'uploading');
          if (file.status === 'done') {
            const path = uploadedPath(file);
            if (path) onChange?.(path);
          }
          if (file.status === 'error') uploadFailed(file);
        }}
      >
        <Button icon={uploading ? <LoadingOutlined /> : <UploadOutlined />} disabled={uploading}>
          {label}
        </Button>
      </Upload>
      {hint ? <span style={{ color: 'rgba(128,128,128,0.9)' }}>{hint}</span> : null}
    </Space>
  );
};

export default ImageUpload;
