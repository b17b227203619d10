import { Upload, type UploadFile, type UploadProps } from 'antd';
import { UPLOAD_IMAGE_URL } from '@/services/sys';
import { feedback } from '@/utils/feedback';
import { formatMessage } from '@/utils/intl';
import { applyErrorAction, authHeaders, type Envelope } from '@/utils/request';
import { checkImage } from '@/utils/validation';

/** The image endpoint answers the stored paths of the uploaded files. */
export type ImageFile = UploadFile<Envelope<string[]>>;

/**
 * What every image upload shares: the endpoint and its token, the accepted types, and the
 * type and size check in the browser first (spec: 'only jpg, jpeg, png, gif files can be
 * uploaded', 'images must be under 10 MB').
 */
export function imageUploadProps(): UploadProps<Envelope<string[]>> {
  return {
    name: 'file',
    action: UPLOAD_IMAGE_URL,
    accept: '.jpg,.jpeg,.png,.gif',
    headers: authHeaders(UPLOAD_IMAGE_URL),
    beforeUpload: (file) => {
      const problem = checkImage(file);
      if (problem) {
        feedback.error(formatMessage({ id: problem }));
        return Upload.LIST_IGNORE;
      }
      return true;
    },
  };
}

/** The stored path of a finished upload; when the server refused it, says why and answers undefined. */
export function uploadedPath(file: ImageFile): string | undefined {
  const envelope = file.response;
  if (envelope?.code === 10000 && envelope.result?.length) return envelope.result[0];
  feedback.error(envelope?.msg || formatMessage({ id: 'upload.serviceError' }));
  return undefined;
}

/** A failed upload: an ended session logs out, anything else is told (`fallback`: message key). */
export function uploadFailed(file: ImageFile, fallback = 'upload.failed'): void {
  if ((file.error as { status?: number } | undefined)?.status === 401) {
    applyErrorAction({ type: 'logout', text: file.response?.msg || '' });
    return;
  }
  feedback.error(file.response?.msg || formatMessage({ id: fallback }));
}
