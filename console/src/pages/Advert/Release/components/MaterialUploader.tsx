/**
 * Adds materials to an ad: images through POST /api/upload/oss/aliyun/image (several at once,
 * at most 9 in all), or one video through /api/upload/oss/aliyun/uploadVideo. Each file is
 * checked in the browser first (spec sections 5/8/9); an image starts with 10 s, a video with its
 * own length when the browser can read it.
 */
import { InboxOutlined, LoadingOutlined } from '@ant-design/icons';
import { Upload, type UploadProps } from 'antd';
import React, { useRef, useState } from 'react';
import type { MaterialType } from '@/services/advert';
import { UPLOAD_IMAGE_URL, UPLOAD_VIDEO_URL } from '@/services/sys';
import { feedback } from '@/utils/feedback';
import { formatMessage } from '@/utils/intl';
import { request, RequestError } from '@/utils/request';
import { checkImage } from '@/utils/validation';
import {
  checkVideoFile,
  DEFAULT_IMAGE_SECONDS,
  MAX_DURATION,
  MAX_IMAGES,
  MAX_VIDEOS,
  remainingSlots,
} from '../../shared/materialRules';
import { t } from '../../shared/text';

/** The length of a local video file in whole seconds, when the browser can read it. */
function videoSeconds(file: Blob): Promise<number | undefined> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    const done = (v?: number) => {
      URL.revokeObjectURL(url);
      resolve(v);
    };
    const timer = setTimeout(() => done(undefined), 5000);
    video.preload = 'metadata';
    video.onloadedmetadata = () => {
      clearTimeout(timer);
      const s = Math.round(video.duration);
      done(Number.isFinite(s) && s >= 1 ? Math.min(s, MAX_DURATION) : undefined);
    };
    video.onerror = () => {
      clearTimeout(timer);
      done(undefined);
    };
    video.src = url;
  });
}

/** The message of a failed upload (spec section 8): the server's, else a default. */
function uploadError(e: unknown): string {
  if (e instanceof RequestError) {
    if (e.kind === 'network' || e.kind === 'timeout') return formatMessage({ id: 'upload.failed' });
    if (e.message && !e.message.startsWith('request.')) return e.message;
  }
  return formatMessage({ id: 'upload.serviceError' });
}

export interface MaterialUploaderProps {
  materialType: MaterialType;
  /** materials already in the form */
  count: number;
  onAdd: (m: { url: string; duration?: number }) => void;
}

const MaterialUploader: React.FC<MaterialUploaderProps> = ({ materialType, count, onAdd }) => {
  const [busy, setBusy] = useState(0);
  const inflight = useRef(0);
  const refused = useRef<unknown>();
  const video = materialType === 'video';
  const left = remainingSlots(materialType, count);

  const props: UploadProps = {
    name: 'file',
    multiple: !video,
    accept: video ? '.mp4,.mov,.webm' : '.jpg,.jpeg,.png,.gif',
    showUploadList: false,
    disabled: left <= 0 && busy === 0,
    beforeUpload: (file, batch) => {
      const problem = video ? checkVideoFile(file) : checkImage(file);
      if (problem) {
        feedback.error(problem.startsWith('upload.') ? formatMessage({ id: problem }) : t(problem));
        return Upload.LIST_IGNORE;
      }
      // at most 9 images or 1 video in all: what is in the form and what is uploading (the files
      // of one selection come here one after the other, each accepted one counted at once)
      if (remainingSlots(materialType, count + inflight.current) <= 0) {
        if (refused.current !== batch) {
          refused.current = batch;
          feedback.error(
            video
              ? t('advert.rule.tooManyVideos', { max: MAX_VIDEOS })
              : t('advert.rule.tooManyImages', { max: MAX_IMAGES }),
          );
        }
        return Upload.LIST_IGNORE;
      }
      inflight.current += 1;
      return true;
    },
    customRequest: async ({ file, onSuccess, onError }) => {
      setBusy((b) => b + 1);
      try {
        const body = new FormData();
        body.append('file', file as Blob);
        const [urls, seconds] = await Promise.all([
          request<string[]>(video ? UPLOAD_VIDEO_URL : UPLOAD_IMAGE_URL, {
            method: 'POST',
            body,
            skipErrorHandler: true,
            timeout: video ? 600_000 : 60_000,
          }),
          video ? videoSeconds(file as Blob) : Promise.resolve(DEFAULT_IMAGE_SECONDS),
        ]);
        if (!urls?.length) throw new Error('empty');
        onAdd({ url: urls[0], duration: seconds });
        onSuccess?.(urls);
      } catch (e) {
        feedback.error(e instanceof Error && e.message === 'empty' ? formatMessage({ id: 'upload.exception' }) : uploadError(e));
        onError?.(e as Error);
      } finally {
        inflight.current = Math.max(0, inflight.current - 1);
        setBusy((b) => b - 1);
      }
    },
  };

  return (
    <Upload.Dragger {...props} data-testid="advert-upload" style={{ padding: '4px 0' }}>
      <p className="ant-upload-drag-icon" style={{ marginBottom: 4 }}>
        {busy ? <LoadingOutlined /> : <InboxOutlined />}
      </p>
      <p className="ant-upload-text" style={{ fontSize: 14 }}>
        {busy
          ? t('advert.upload.uploading', { count: busy })
          : left <= 0
            ? t('advert.upload.full')
            : video
              ? t('advert.upload.video')
              : t('advert.upload.images', { left })}
      </p>
      <p className="ant-upload-hint" style={{ fontSize: 12 }}>
        {video ? t('advert.upload.videoHint') : t('advert.upload.imageHint', { max: MAX_IMAGES })}
      </p>
    </Upload.Dragger>
  );
};

export default MaterialUploader;
