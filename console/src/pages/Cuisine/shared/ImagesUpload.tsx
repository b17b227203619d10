/**
 * Dish pictures: up to 9, each checked in the browser first (spec section 5/8: 'only jpg, jpeg,
 * png, gif files can be uploaded', 'images must be under 10 MB'), cropped square (best 580×580;
 * GIFs are kept as they are so they stay animated), uploaded through
 * POST /api/upload/oss/aliyun/image, and previewed with antd's Image preview.
 */
import { PlusOutlined } from '@ant-design/icons';
import { Image, Upload, type UploadFile, type UploadProps } from 'antd';
import ImgCrop from 'antd-img-crop';
import React, { useEffect, useState } from 'react';
import { imageUploadProps, uploadedPath, uploadFailed } from '@/components/ImageUpload/upload';
import { formatMessage } from '@/utils/intl';
import type { Envelope } from '@/utils/request';
import { checkImage } from '@/utils/validation';
import { BEST_IMAGE_SIZE, MAX_IMAGES } from './limits';
import { t } from './text';

const toFile = (url: string, i: number): UploadFile => ({
  uid: `saved-${i}-${url}`,
  name: url.split('/').pop() || url,
  status: 'done',
  url,
});

export interface ImagesUploadProps {
  value?: string[];
  onChange?: (value: string[]) => void;
  max?: number;
}

const ImagesUpload: React.FC<ImagesUploadProps> = ({ value, onChange, max = MAX_IMAGES }) => {
  const [files, setFiles] = useState<UploadFile<Envelope<string[]>>[]>(() => (value ?? []).map(toFile));
  const [preview, setPreview] = useState<string>();

  // a new value from outside (form reset, another dish) replaces the list
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the form's value only; the upload list's own changes (files still uploading) must not reset it
  useEffect(() => {
    const urls = (value ?? []).join('\n');
    const current = files
      .filter((f) => f.status === 'done' && f.url)
      .map((f) => f.url)
      .join('\n');
    if (urls !== current) setFiles((value ?? []).map(toFile));
  }, [value]);

  const emit = (list: UploadFile<Envelope<string[]>>[]) =>
    onChange?.(list.filter((f) => f.status === 'done' && f.url).map((f) => f.url as string));

  const props: UploadProps<Envelope<string[]>> = {
    ...imageUploadProps(),
    listType: 'picture-card',
    fileList: files,
    onPreview: (file) => setPreview(file.url || file.thumbUrl),
    onChange: ({ file, fileList }) => {
      const next = fileList
        .map((f) => {
          if (f.uid !== file.uid || f.status !== 'done') return f;
          const path = uploadedPath(f);
          return path ? { ...f, url: path, thumbUrl: path } : { ...f, status: 'error' as const };
        })
        .filter((f) => f.status !== 'error');
      if (file.status === 'error') uploadFailed(file, 'upload.imageFailed');
      setFiles(next);
      if (file.status === 'done' || file.status === 'removed' || file.status === 'error') emit(next);
    },
  };

  return (
    <>
      <ImgCrop
        aspect={1}
        quality={0.92}
        rotationSlider
        showReset
        modalTitle={t('cuisine.image.crop')}
        modalOk={formatMessage({ id: 'common.ok' })}
        modalCancel={formatMessage({ id: 'common.cancel' })}
        // crop only what the upload accepts; a GIF is uploaded as it is (cropping would flatten it)
        beforeCrop={(file) => !checkImage(file) && file.type !== 'image/gif'}
      >
        <Upload {...props} data-testid="dish-images">
          {files.length >= max ? null : (
            <div>
              <PlusOutlined />
              <div style={{ marginTop: 8 }}>{t('cuisine.image.upload')}</div>
            </div>
          )}
        </Upload>
      </ImgCrop>
      <div style={{ color: 'var(--ant-color-text-tertiary, #888)', fontSize: 12 }}>
        {t('cuisine.image.hint', { max, size: `${BEST_IMAGE_SIZE}×${BEST_IMAGE_SIZE}` })}
      </div>
      {preview ? (
        <Image
          style={{ display: 'none' }}
          src={preview}
          preview={{ visible: true, src: preview, onVisibleChange: (v) => !v && setPreview(undefined) }}
        />
      ) : null}
    </>
  );
};

export default ImagesUpload;
