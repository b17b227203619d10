/**
 * Pure rules of the advertising pages (spec sections 3, 4, 5 and 9), unit-tested in
 * logic.test.ts beside it. They mirror the server (modules/advert/advert_rules.go,
 * advert.go) so that a form shows a mistake before it is sent; the server's field errors are
 * shown on the same fields when it disagrees.
 */
import type {
  Advert,
  AdvertAction,
  AdvertInput,
  AdvertStatus,
  LinkType,
  Material,
  MaterialType,
  Tablet,
  TargetType,
} from '@/services/advert';
import type { FieldPlacement } from '@/utils/fieldErrors';

/** A problem found in a form: where (antd name path) and which message (locale key + values). */
export interface FormProblem {
  name: (string | number)[];
  key: string;
  values?: Record<string, string | number>;
}

// ------------------------------------------------------------------ limits (spec section 9)

export const MAX_IMAGES = 9;
export const MAX_VIDEOS = 1;
/** seconds one material may play (server: maxDuration) */
export const MAX_DURATION = 3600;
export const MAX_TITLE = 128;
export const MAX_LINK = 500;
export const MAX_REASON = 500;
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

// ------------------------------------------------------------------ link

/** An absolute http or https address (spec section 5: the link must start with http or https). */
export function isHttpUrl(value: string): boolean {
  const v = value.trim();
  if (!/^https?:\/\//i.test(v)) return false;
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.host !== '';
  } catch {
    return false;
  }
}

export function checkLink(linkType: LinkType | undefined, linkValue: string | number | undefined): FormProblem[] {
  const value = String(linkValue ?? '').trim();
  switch (linkType ?? 'none') {
    case 'url':
      if (!value) return [{ name: ['linkValue'], key: 'advert.rule.linkRequired' }];
      if (value.length > MAX_LINK) return [{ name: ['linkValue'], key: 'advert.rule.linkTooLong', values: { max: MAX_LINK } }];
      if (!isHttpUrl(value)) return [{ name: ['linkValue'], key: 'advert.rule.linkHttp' }];
      return [];
    case 'dish':
      return /^[1-9]\d*$/.test(value) ? [] : [{ name: ['linkValue'], key: 'advert.rule.dishRequired' }];
    default:
      return [];
  }
}

// ------------------------------------------------------------------ broadcast period and daily window

export interface DailyWindow {
  kind: 'allDay' | 'range' | 'overnight';
  start: string;
  end: string;
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Reads the ad's daily window: all day (both empty, or 00:00–24:00), a range, or overnight. */
export function dailyWindow(dailyStart: string | undefined, dailyEnd: string | undefined): DailyWindow {
  const start = (dailyStart ?? '').slice(0, 5);
  const end = (dailyEnd ?? '').slice(0, 5);
  if ((!start && !end) || (start === '00:00' && (end === '24:00' || end === '00:00')))
    return { kind: 'allDay', start: '00:00', end: '24:00' };
  const m = (s: string) => (s === '24:00' ? 1440 : Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5)));
  return { kind: m(end) <= m(start) ? 'overnight' : 'range', start, end };
}

/**
 * The window in words, e.g. "All day", "09:00–14:00", "22:00–02:00 (next day)"; `t` is the
 * translator (formatMessage in the pages).
 */
export function windowText(
  dailyStart: string | undefined,
  dailyEnd: string | undefined,
  t: (id: string, values?: Record<string, string | number>) => string,
): string {
  const w = dailyWindow(dailyStart, dailyEnd);
  if (w.kind === 'allDay') return t('advert.window.allDay');
  if (w.kind === 'overnight') return t('advert.window.overnight', { start: w.start, end: w.end });
  return t('advert.window.range', { start: w.start, end: w.end });
}

/** The period of an ad in words: "2026-11-26 – 2026-12-26, 09:00–14:00". */
export function periodText(
  ad: Pick<Advert, 'startDate' | 'endDate' | 'dailyStart' | 'dailyEnd'>,
  t: (id: string, values?: Record<string, string | number>) => string,
): string {
  return t('advert.period.text', {
    start: ad.startDate,
    end: ad.endDate,
    window: windowText(ad.dailyStart, ad.dailyEnd, t),
  });
}

/**
 * What the form's time pickers show for a saved window: all day, or the two times (24:00 is
 * shown as 00:00, which the picker offers and which means the same end).
 */
export function windowToForm(dailyStart: string, dailyEnd: string): { allDay: boolean; daily?: [string, string] } {
  const w = dailyWindow(dailyStart, dailyEnd);
  if (w.kind === 'allDay') return { allDay: true };
  return { allDay: false, daily: [w.start, w.end === '24:00' ? '00:00' : w.end] };
}

/**
 * The window to send: both empty for all day; an end of 00:00 after a later start is sent as
 * 24:00 (midnight, the end of the day).
 */
export function windowToInput(
  allDay: boolean | undefined,
  daily: [string, string] | undefined | null,
): { dailyStart: string; dailyEnd: string } {
  if (allDay || !daily || !daily[0] || !daily[1]) return { dailyStart: '', dailyEnd: '' };
  const [start, end] = daily.map((s) => s.slice(0, 5));
  return { dailyStart: start, dailyEnd: end === '00:00' && start !== '00:00' ? '24:00' : end };
}

export function checkPeriod(
  period: [string, string] | undefined | null,
  allDay: boolean | undefined,
  daily: [string, string] | undefined | null,
  today: string,
): FormProblem[] {
  const problems: FormProblem[] = [];
  if (!period || !period[0] || !period[1]) problems.push({ name: ['period'], key: 'advert.rule.periodRequired' });
  else if (period[1] < period[0]) problems.push({ name: ['period'], key: 'advert.rule.periodOrder' });
  else if (period[1] < today) problems.push({ name: ['period'], key: 'advert.rule.periodOver' });
  if (!allDay) {
    if (!daily || !daily[0] || !daily[1]) problems.push({ name: ['daily'], key: 'advert.rule.windowRequired' });
    else if (!HHMM.test(daily[0].slice(0, 5)) || !HHMM.test(daily[1].slice(0, 5)))
      problems.push({ name: ['daily'], key: 'advert.rule.windowRequired' });
    else if (daily[0].slice(0, 5) === daily[1].slice(0, 5)) problems.push({ name: ['daily'], key: 'advert.rule.windowEmpty' });
  }
  return problems;
}

// ------------------------------------------------------------------ targets

/** Which ads play where: merchant ads in own venues or tablets; platform placements also in areas. */
export type AdvertKind = 'merchant' | 'platform' | 'request';

export function kindOf(ad: Pick<Advert, 'type' | 'request'>): AdvertKind {
  if (ad.request) return 'request';
  return ad.type === 'platform' ? 'platform' : 'merchant';
}

export function targetTypesOf(kind: AdvertKind): TargetType[] {
  switch (kind) {
    case 'request':
      return ['venue', 'area'];
    case 'platform':
      return ['venue', 'tablet', 'area'];
    default:
      return ['venue', 'tablet'];
  }
}

/**
 * The number of tablets an ad reaches, as the server counts it: enabled tablets of the chosen
 * venues, or the chosen tablets that are enabled. Undefined for areas (counted by the server).
 */
export function tabletsReached(
  targetType: TargetType | undefined,
  ids: number[] | undefined,
  tablets: Pick<Tablet, 'id' | 'venueId' | 'status'>[],
): number | undefined {
  const chosen = new Set(ids ?? []);
  if (targetType === 'venue') return tablets.filter((t) => t.status === 1 && chosen.has(t.venueId)).length;
  if (targetType === 'tablet') return tablets.filter((t) => t.status === 1 && chosen.has(t.id)).length;
  return undefined;
}

export function checkTargets(
  kind: AdvertKind,
  targetType: TargetType | undefined,
  targetIds: number[] | undefined,
  areaCodes: string[] | undefined,
): FormProblem[] {
  if (!targetType || !targetTypesOf(kind).includes(targetType))
    return [{ name: ['targetType'], key: 'advert.rule.targetTypeRequired' }];
  if (targetType === 'area') return (areaCodes ?? []).length ? [] : [{ name: ['areaCodes'], key: 'advert.rule.targetsRequired' }];
  return (targetIds ?? []).length ? [] : [{ name: ['targetIds'], key: 'advert.rule.targetsRequired' }];
}

// ------------------------------------------------------------------ the whole form

export interface AdvertFormValues {
  title?: string;
  materialType?: MaterialType;
  materials?: MaterialFormValue[];
  /** [startDate, endDate] YYYY-MM-DD */
  period?: [string, string] | null;
  allDay?: boolean;
  /** [start, end] HH:mm */
  daily?: [string, string] | null;
  targetType?: TargetType;
  targetIds?: number[];
  areaCodes?: string[];
  linkType?: LinkType;
  /** URL, or the dish id */
  linkValue?: string | number;
}

/** Every rule of the ad form at once, and the body to send when there is no problem. */
export function buildAdvertInput(
  values: AdvertFormValues,
  kind: AdvertKind,
  today: string,
): { problems: FormProblem[]; input?: AdvertInput } {
  const title = (values.title ?? '').trim();
  const problems: FormProblem[] = [];
  if (!title) problems.push({ name: ['title'], key: 'advert.rule.titleRequired' });
  else if ([...title].length > MAX_TITLE) problems.push({ name: ['title'], key: 'advert.rule.titleTooLong', values: { max: MAX_TITLE } });
  problems.push(
    ...checkMaterials(values.materialType, values.materials),
    ...checkPeriod(values.period, values.allDay, values.daily, today),
    ...checkTargets(kind, values.targetType, values.targetIds, values.areaCodes),
    ...checkLink(values.linkType, values.linkValue),
  );
  if (problems.length) return { problems };
  const linkType = values.linkType ?? 'none';
  const input: AdvertInput = {
    title,
    materialType: values.materialType,
    materials: (values.materials ?? []).map((m) => ({ url: (m.url ?? '').trim(), duration: m.duration ?? undefined })),
    startDate: values.period?.[0] ?? '',
    endDate: values.period?.[1] ?? '',
    ...windowToInput(values.allDay, values.daily),
    targetType: values.targetType,
    targetIds: values.targetType === 'area' ? [] : (values.targetIds ?? []),
    areaCodes: values.targetType === 'area' ? (values.areaCodes ?? []) : [],
    linkType,
    linkValue: linkType === 'none' ? '' : String(values.linkValue ?? '').trim(),
  };
  if (kind === 'request') input.request = true;
  else input.type = kind;
  return { problems, input };
}

/** A saved ad as the form edits it. */
export function advertToForm(ad: Advert & { targets?: { kind: TargetType; id?: number; areaCode?: string }[] }): AdvertFormValues {
  const targets = ad.targets ?? [];
  return {
    title: ad.title,
    materialType: ad.materialType,
    materials: ad.materials.map((m) => ({ url: m.url, duration: m.duration })),
    period: ad.startDate && ad.endDate ? [ad.startDate, ad.endDate] : null,
    ...windowToForm(ad.dailyStart, ad.dailyEnd),
    targetType: ad.targetType,
    targetIds: targets.filter((t) => t.kind !== 'area' && t.id).map((t) => t.id as number),
    areaCodes: targets.filter((t) => t.kind === 'area' && t.areaCode).map((t) => t.areaCode as string),
    linkType: ad.linkType || 'none',
    linkValue: ad.linkType === 'none' ? undefined : ad.linkType === 'dish' ? Number(ad.linkValue) || undefined : ad.linkValue,
  };
}

/**
 * Server field errors -> fields of the ad form. startDate/endDate sit on the period,
 * dailyStart/dailyEnd on the daily window, materials[i].url on the materials list.
 */
export const advertFieldPlacement: FieldPlacement = (path) => {
  const head = String(path[0]);
  if (head === 'startDate' || head === 'endDate') return ['period'];
  if (head === 'dailyStart' || head === 'dailyEnd') return ['daily'];
  if (head === 'materials' && path.length === 3 && path[2] === 'duration') return path;
  if (head === 'materials') return ['materials'];
  const known = ['title', 'materialType', 'targetType', 'targetIds', 'areaCodes', 'linkType', 'linkValue'];
  return known.includes(head) ? [head] : undefined;
};

// ------------------------------------------------------------------ status and actions

/** The status a list shows: "submitting" between publishing and the start of the review. */
export type DisplayStatus = AdvertStatus | 'submitting';

export function displayStatus(ad: Pick<Advert, 'status' | 'submitting'>): DisplayStatus {
  return ad.submitting ? 'submitting' : ad.status;
}

export const STATUS_COLORS: Record<DisplayStatus, string> = {
  draft: 'default',
  submitting: 'processing',
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  ended: 'default',
};

const ACTION_ORDER: AdvertAction[] = ['edit', 'publish', 'withdraw', 'takedown', 'delete'];

/** The operation each action needs (advert:release). */
export const ACTION_CODES: Record<AdvertAction, string> = {
  edit: 'advert:release:edit',
  publish: 'advert:release:edit',
  withdraw: 'advert:release:edit',
  takedown: 'advert:release:edit',
  delete: 'advert:release:delete',
};

/**
 * The buttons an ad offers the user: the actions its status allows now (the server's
 * `actions`), less what this user may not do — the platform only takes merchants' ads down
 * (it reviews them in the inbox and never changes them), a merchant takes down only its own
 * merchant ads (not its "I want to advertise" placements), and each needs its operation code.
 */
export function actionButtons(
  ad: Pick<Advert, 'actions' | 'merchantId' | 'type' | 'submitting'>,
  user: { platform: boolean; can: (code: string) => boolean },
): AdvertAction[] {
  if (ad.submitting) return [];
  const allowed = new Set(ad.actions ?? []);
  return ACTION_ORDER.filter((a) => {
    if (!allowed.has(a)) return false;
    if (user.platform && ad.merchantId !== 0 && a !== 'takedown') return false;
    if (!user.platform && a === 'takedown' && ad.type !== 'merchant') return false;
    return user.can(ACTION_CODES[a]);
  });
}

/** The status a lifecycle call leads to, to tell whether its answer already shows it. */
export const EXPECTED_STATUS: Partial<Record<AdvertAction, AdvertStatus>> = {
  publish: 'pending',
  withdraw: 'draft',
  takedown: 'ended',
};

/** True when the answer of a lifecycle call does not show the new status yet (refresh shortly). */
export function needsRefresh(action: AdvertAction, answer: Pick<Advert, 'status' | 'submitting'>): boolean {
  const expected = EXPECTED_STATUS[action];
  if (!expected) return false;
  if (action === 'withdraw') return answer.status !== 'draft';
  return answer.submitting || answer.status !== expected;
}

// ------------------------------------------------------------------ review timeline

export interface TimelineLine {
  /** locale key of the line */
  key: string;
  values: Record<string, string>;
  color: 'blue' | 'green' | 'red' | 'gray' | 'orange';
  /** an audit opinion, a takedown reason, a comment */
  comment?: string;
}

/** One entry of the ad's review history in words (the reviewer's form opinion counts as comment). */
export function timelineLine(e: {
  kind: string;
  node: string;
  action?: string;
  actor?: string;
  comment?: string;
  data?: Record<string, unknown>;
}): TimelineLine {
  const values = { actor: e.actor ?? '', node: e.node ?? '', action: e.action ?? '', kind: e.kind };
  const form = (e.data?.form ?? {}) as Record<string, unknown>;
  const opinion = typeof form.opinion === 'string' ? form.opinion.trim() : '';
  const comment = [e.comment?.trim(), opinion && opinion !== e.comment?.trim() ? opinion : '']
    .filter(Boolean)
    .join(' · ') || undefined;
  switch (e.kind) {
    case 'started':
      return { key: 'advert.timeline.started', values, color: 'blue', comment };
    case 'taskCreated':
      return { key: 'advert.timeline.taskCreated', values, color: 'gray' };
    case 'task':
      switch (e.action) {
        case 'approve':
          return { key: 'advert.timeline.approved', values, color: 'green', comment };
        case 'reject':
          return { key: 'advert.timeline.rejected', values, color: 'red', comment };
        case 'complete':
          return { key: 'advert.timeline.completed', values, color: 'blue', comment };
        case 'claim':
          return { key: 'advert.timeline.claimed', values, color: 'gray' };
        default:
          return { key: 'advert.timeline.task', values, color: 'gray', comment };
      }
    case 'timerFired':
      return { key: 'advert.timeline.periodOver', values, color: 'gray' };
    case 'messageReceived':
      if (e.data?.message === 'takedown') return { key: 'advert.timeline.takedown', values, color: 'red', comment };
      if (e.data?.message === 'withdraw') return { key: 'advert.timeline.withdrawn', values, color: 'orange', comment };
      return { key: 'advert.timeline.message', values: { ...values, message: String(e.data?.message ?? '') }, color: 'gray', comment };
    case 'instanceEnded':
      return { key: 'advert.timeline.ended', values, color: 'gray' };
    default:
      return { key: 'advert.timeline.other', values, color: 'gray', comment };
  }
}
