/**
 * Typed calls of in-venue advertising (modules/advert): ads with their review lifecycle,
 * the in-store display, tablets and their keys. Paths are relative to /api; shapes follow
 * modules/advert/advert.go, advert_rules.go, display.go and tablet.go.
 */
import { request, type RequestOptions } from '@/utils/request';

export type Params = RequestOptions['params'];

export interface Page<T> {
  records: T[];
  total: number;
  pageNo: number;
  pageSize: number;
}

const BASE = '/merchant/advert';
const TABLETS = '/merchant/tablet';

// ---------------------------------------------------------------- ads

export type AdvertStatus = 'draft' | 'pending' | 'approved' | 'rejected' | 'ended';
export type AdvertType = 'merchant' | 'platform';
export type MaterialType = 'image' | 'video';
export type TargetType = 'venue' | 'tablet' | 'area';
export type LinkType = 'none' | 'dish' | 'url';
export type AdvertAction = 'edit' | 'publish' | 'withdraw' | 'takedown' | 'delete';

export interface Material {
  url: string;
  /** image or video, from the uploaded file's kind */
  type: MaterialType | '';
  /** seconds */
  duration: number;
}

export interface Advert {
  id: number;
  /** 0: the platform's own ad */
  merchantId: number;
  releaseNo: string;
  title: string;
  type: AdvertType;
  /** "I want to advertise": a merchant's request for a platform placement */
  request: boolean;
  materialType: MaterialType;
  materials: Material[];
  totalDuration: number;
  startDate: string;
  endDate: string;
  dailyStart: string;
  dailyEnd: string;
  targetType: TargetType;
  tabletCount: number;
  linkType: LinkType;
  linkValue: string;
  playCount: number;
  status: AdvertStatus;
  /** the reviewer's audit opinion */
  opinion: string;
  endedBy: '' | 'period' | 'takedown';
  endReason: string;
  instanceId: number;
  createdBy: number;
  createdByName: string;
  publishedBy: number;
  approvedAt: string | null;
  endedAt: string | null;
  createdAt: string;
  updatedAt: string;
  merchantName: string;
  /** published, the review not yet begun */
  submitting: boolean;
  /** what the status allows now */
  actions: AdvertAction[];
}

export interface TargetView {
  kind: TargetType;
  id?: number;
  areaCode?: string;
  name: string;
  venueId?: number;
}

export interface TimelineEntry {
  time: string;
  /** started, taskCreated, task, timerFired, messageReceived, instanceEnded, … */
  kind: string;
  node: string;
  action?: string;
  actor?: string;
  comment?: string;
  data?: Record<string, unknown>;
}

export interface AdvertDetail extends Advert {
  targets: TargetView[];
  timeline: TimelineEntry[];
}

export interface AdvertQuery {
  title?: string;
  releaseNo?: string;
  status?: AdvertStatus;
  type?: AdvertType;
  /** 'true': the "I want to advertise" requests; 'false': the rest */
  request?: 'true' | 'false';
  merchantId?: number;
  /** broadcast period overlapping [from, to] (YYYY-MM-DD) */
  from?: string;
  to?: string;
  pageNo?: number;
  pageSize?: number;
  /** 'createdAt,desc', 'startDate,asc', … */
  sort?: string;
}

export interface MaterialInput {
  url: string;
  /** undefined is sent as missing (the server tells it apart from 0) */
  duration?: number | null;
}

export interface AdvertInput {
  title: string;
  type?: AdvertType;
  request?: boolean;
  materialType?: MaterialType;
  materials: MaterialInput[];
  startDate: string;
  endDate: string;
  /** HH:MM; both empty = all day; end before start = overnight; 24:00 allowed */
  dailyStart: string;
  dailyEnd: string;
  targetType?: TargetType;
  targetIds: number[];
  areaCodes: string[];
  linkType: LinkType;
  linkValue: string;
}

export const listAdverts = (q: AdvertQuery) =>
  request<Page<Advert>>(BASE, { params: q as Params });
export const getAdvert = (id: number) => request<AdvertDetail>(`${BASE}/${id}`);
/** Forms show the errors in place (fields on the fields). */
export const createAdvert = (data: AdvertInput) =>
  request<AdvertDetail>(BASE, { method: 'POST', data, skipErrorHandler: true });
export const updateAdvert = (id: number, data: AdvertInput) =>
  request<AdvertDetail>(`${BASE}/${id}`, { method: 'PUT', data, skipErrorHandler: true });
export const deleteAdvert = (id: number) => request<null>(`${BASE}/${id}`, { method: 'DELETE' });
/** Publish, withdraw and takedown wait up to 2 s for the process to apply the new status. */
export const publishAdvert = (id: number) =>
  request<AdvertDetail>(`${BASE}/${id}/publish`, { method: 'POST' });
export const withdrawAdvert = (id: number) =>
  request<AdvertDetail>(`${BASE}/${id}/withdraw`, { method: 'POST' });
export const takedownAdvert = (id: number, reason: string) =>
  request<AdvertDetail>(`${BASE}/${id}/takedown`, {
    method: 'POST',
    data: { reason },
    skipErrorHandler: true,
  });

// ---------------------------------------------------------------- in-store display

export interface DisplayAd {
  advertId: number;
  releaseNo: string;
  title: string;
  type: AdvertType;
  materialType: MaterialType;
  materials: Material[];
  totalDuration: number;
  link: { type: LinkType; value: string };
  dailyStart: string;
  dailyEnd: string;
  endDate: string;
  merchantName: string;
  /** the venue's tablets it plays on; empty = all of them */
  tabletIds: number[];
}

export interface VenueDisplay {
  venueId: number;
  venueName: string;
  timezone: string;
  /** enabled tablets of the venue */
  tablets: number;
  ads: DisplayAd[];
}

/** What each venue's tablets play now (platform users must name a venue). */
export const getDisplay = (venueId?: number, quiet = false) =>
  request<VenueDisplay[]>(`${BASE}/display`, { params: { venueId }, skipErrorHandler: quiet });

// ---------------------------------------------------------------- tablets

export interface Tablet {
  id: number;
  merchantId: number;
  venueId: number;
  number: string;
  name: string;
  /** 1 enabled, 0 disabled */
  status: 0 | 1;
  appVersion: string;
  lastSeenAt: string | null;
  createdAt: string;
  updatedAt: string;
  venueName: string;
}

/** A tablet with its key: only in the answers of detail, create and regenerate. */
export interface TabletDetail extends Tablet {
  key: string;
}

export interface TabletQuery {
  venueId?: number;
  /** number or name */
  keyword?: string;
  status?: '0' | '1';
  pageNo?: number;
  pageSize?: number;
  sort?: string;
}

export interface TabletInput {
  venueId?: number;
  number: string;
  name: string;
  status?: 0 | 1;
}

export const listTablets = (q: TabletQuery, quiet = false) =>
  request<Page<Tablet>>(TABLETS, { params: q as Params, skipErrorHandler: quiet });
export const createTablet = (data: TabletInput) =>
  request<TabletDetail>(TABLETS, { method: 'POST', data, skipErrorHandler: true });
export const updateTablet = (id: number, data: TabletInput, quiet = true) =>
  request<TabletDetail>(`${TABLETS}/${id}`, { method: 'PUT', data, skipErrorHandler: quiet });
export const deleteTablet = (id: number) => request<null>(`${TABLETS}/${id}`, { method: 'DELETE' });
export const regenerateTabletKey = (id: number) =>
  request<TabletDetail>(`${TABLETS}/${id}/key`, { method: 'POST' });

/** Every tablet the caller may see (pickers), in pages of 500 (the server's cap). */
export async function allTablets(q: Omit<TabletQuery, 'pageNo' | 'pageSize'> = {}): Promise<Tablet[]> {
  const out: Tablet[] = [];
  for (let pageNo = 1; pageNo <= 20; pageNo += 1) {
    const page = await listTablets({ ...q, pageNo, pageSize: 500 }, true);
    out.push(...page.records);
    if (out.length >= page.total || page.records.length === 0) break;
  }
  return out;
}

/** The address a tablet polls for its playlist (public, keyed by the tablet's secret). */
export const playlistUrl = (key: string, origin = window.location.origin) =>
  `${origin}/api/public/tablet/${encodeURIComponent(key)}/playlist`;

// ---------------------------------------------------------------- dish link

export interface DishOption {
  id: number;
  number: string;
  name: string;
  images: string[];
}

/** Dishes of the merchant for the link picker (cuisine:dish:query). */
export const searchDishes = (name?: string) =>
  request<Page<DishOption>>('/merchant/cuisine/dish', {
    params: { name, pageNo: 1, pageSize: 20 },
    skipErrorHandler: true,
  });
export const getDishOption = (id: number) =>
  request<DishOption>(`/merchant/cuisine/dish/${id}`, { skipErrorHandler: true });
