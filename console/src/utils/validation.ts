/** Shared form rules (spec sections 5 and 9). */
export const MOBILE_PATTERN = /^\+?[0-9]{6,15}$/;
export const MIN_PASSWORD = 6;

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'];
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'];
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** Client-side image check before upload: the message key of the failure, or undefined. */
export function checkImage(file: {
  name: string;
  type?: string;
  size: number;
}): 'upload.image.type' | 'upload.image.size' | undefined {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk = IMAGE_EXTENSIONS.includes(ext) && (!file.type || IMAGE_TYPES.includes(file.type));
  if (!typeOk) return 'upload.image.type';
  if (file.size >= MAX_IMAGE_BYTES) return 'upload.image.size';
  return undefined;
}
