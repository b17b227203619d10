/**
 * Rules of an ad's materials (spec sections 5 and 9): how many images or videos, their kinds,
 * durations and the checks before an upload. They mirror the server
 * (modules/advert/advert_rules.go); unit-tested in materialRules.test.ts beside it.
 */
import type { Material, MaterialType } from '@/services/advert';
import type { FormProblem } from './formProblem';

// ------------------------------------------------------------------ limits (spec section 9)

export const MAX_IMAGES = 9;
export const MAX_VIDEOS = 1;
/** seconds one material may play (server: maxDuration) */
export const MAX_DURATION = 3600;
/** what a new image plays for until the user changes it */
export const DEFAULT_IMAGE_SECONDS = 10;
export const VIDEO_EXTENSIONS = ['mp4', 'mov', 'webm'];
export const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'];
/** the server's default VENUE_VIDEO_MAX_BYTES */
export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;

const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'];

const extOf = (name: string) => {
  const clean = name.split(/[?#]/)[0];
  const dot = clean.lastIndexOf('.');
  return dot < 0 ? '' : clean.slice(dot + 1).toLowerCase();
};

/** The kind of an uploaded material by its stored name, as the server reads it; '' when neither. */
export function materialKindOf(url: string): MaterialType | '' {
  const ext = extOf(url.trim());
  if (IMAGE_EXTENSIONS.includes(ext)) return 'image';
  if (VIDEO_EXTENSIONS.includes(ext)) return 'video';
  return '';
}

/** Client-side check of a video before upload: the message key of the failure, or undefined. */
export function checkVideoFile(file: { name: string; type?: string; size: number }):
  | 'advert.upload.videoType'
  | 'advert.upload.videoSize'
  | undefined {
  const typeOk = VIDEO_EXTENSIONS.includes(extOf(file.name)) && (!file.type || VIDEO_TYPES.includes(file.type));
  if (!typeOk) return 'advert.upload.videoType';
  if (file.size > MAX_VIDEO_BYTES) return 'advert.upload.videoSize';
  return undefined;
}

/** How many more files of the type may be added (at most 9 images or 1 video). */
export function remainingSlots(materialType: MaterialType | undefined, count: number): number {
  const max = materialType === 'video' ? MAX_VIDEOS : MAX_IMAGES;
  return Math.max(0, max - count);
}

// ------------------------------------------------------------------ materials

export interface MaterialFormValue {
  url?: string;
  /** seconds as typed; null/undefined = not entered */
  duration?: number | null;
}

const validDuration = (d: number | null | undefined): d is number =>
  typeof d === 'number' && Number.isInteger(d) && d >= 1 && d <= MAX_DURATION;

/** The computed total: the sum of the durations entered (as the server sums the valid ones). */
export function totalDuration(materials: (MaterialFormValue | Material)[] | undefined): number {
  return (materials ?? []).reduce((sum, m) => sum + (validDuration(m.duration) ? m.duration : 0), 0);
}

/**
 * Spec section 5: the material type and at least one material are required, every material
 * needs its duration (1 to 3600 s), and an ad is either 1 video or at most 9 images, never a mix
 * nor of another kind than its material type.
 */
export function checkMaterials(
  materialType: MaterialType | undefined,
  materials: MaterialFormValue[] | undefined,
): FormProblem[] {
  const problems: FormProblem[] = [];
  if (!materialType) problems.push({ name: ['materialType'], key: 'advert.rule.materialTypeRequired' });
  const list = materials ?? [];
  if (list.length === 0) {
    problems.push({ name: ['materials'], key: 'advert.rule.materialsRequired' });
    return problems;
  }
  let images = 0;
  let videos = 0;
  list.forEach((m, i) => {
    const kind = materialKindOf(m.url ?? '');
    if (kind === 'image') images += 1;
    else if (kind === 'video') videos += 1;
    else problems.push({ name: ['materials', i, 'url'], key: 'advert.rule.notUploaded', values: { index: i + 1 } });
    if (m.duration === undefined || m.duration === null || (m.duration as unknown) === '')
      problems.push({ name: ['materials', i, 'duration'], key: 'advert.rule.durationRequired', values: { index: i + 1 } });
    else if (!validDuration(m.duration))
      problems.push({
        name: ['materials', i, 'duration'],
        key: 'advert.rule.durationRange',
        values: { index: i + 1, max: MAX_DURATION },
      });
  });
  if (videos > 0 && images > 0) problems.push({ name: ['materials'], key: 'advert.rule.videoWithImages' });
  else if (videos > MAX_VIDEOS) problems.push({ name: ['materials'], key: 'advert.rule.tooManyVideos', values: { max: MAX_VIDEOS } });
  else if (images > MAX_IMAGES) problems.push({ name: ['materials'], key: 'advert.rule.tooManyImages', values: { max: MAX_IMAGES } });
  else if ((materialType === 'image' && videos > 0) || (materialType === 'video' && images > 0))
    problems.push({ name: ['materials'], key: 'advert.rule.typeMismatch' });
  return problems;
}
