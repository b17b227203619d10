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
import { UPLOAD_IMAGE_URL } from '@/services/sys';
import { feedback } from '@/utils/feedback';
import { formatMessage } from '@/utils/intl';
import { applyErrorAction, authHeaders, type Envelope } from '@/utils/request';
import { checkImage } from '@/utils/validation';
import { BEST_IMAGE_SIZE, MAX_IMAGES } from './logic';
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
  useEffect(() => {
    const urls = (value ?? []).join('\n');
    const current = files
      .filter((f) => f.status === 'done' && f.url)
      .map((f) => f.url)
      .join('\n');
    if (urls !== current) setFiles((value ?? []).map(toFile));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  const emit = (list: UploadFile<Envelope<string[]>>[]) =>
    onChange?.(list.filter((f) => f.status === 'done' && f.url).map((f) => f.url as string));

  const props: UploadProps<Envelope<string[]>> = {
    name: 'file',
    action: UPLOAD_IMAGE_URL,
    accept: '.jpg,.jpeg,.png,.gif',
    listType: 'picture-card',
    fileList: files,
    headers: authHeaders(UPLOAD_IMAGE_URL),
    beforeUpload: (file) => {
      const problem = checkImage(file);
      if (problem) {
        feedback.error(formatMessage({ id: problem }));
        return Upload.LIST_IGNORE;
      }
      return true;
    },
    onPreview: (file) => setPreview(file.url || file.thumbUrl),
    onChange: ({ file, fileList }) => {
      const next = fileList
        .map((f) => {
          if (f.uid !== file.uid || f.status !== 'done') return f;
          const envelope = f.response;
          if (envelope?.code === 10000 && envelope.result?.length) {
            return { ...f, url: envelope.result[0], thumbUrl: envelope.result[0] };
          }
          feedback.error(envelope?.msg || formatMessage({ id: 'upload.serviceError' }));
          return { ...f, status: 'error' as const };
        })
        .filter((f) => f.status !== 'error');
      if (file.status === 'error') {
        if ((file.error as { status?: number } | undefined)?.status === 401) {
          applyErrorAction({ type: 'logout', text: file.response?.msg || '' });
        } else {
          feedback.error(file.response?.msg || formatMessage({ id: 'upload.imageFailed' }));
        }
      }
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
