/**
 * Typed calls of in-venue advertising (modules/advert): ads with their review lifecycle,
 * the in-store display, tablets and their keys. Paths are relative to /api; shapes follow
 * modules/advert/advert.go, advert_rules.go, display.go and tablet.go.
 */
import { request, type RequestOptions } from '@/utils/request';

import type { Page, Query, Schema } from './api';

export type Params = RequestOptions['params'];

export type { Page };

const BASE = '/merchant/advert';
const TABLETS = '/merchant/tablet';

// ---------------------------------------------------------------- ads

export type AdvertStatus = Advert['status'];
export type AdvertType = Advert['type'];
export type MaterialType = Advert['materialType'];
export type TargetType = Advert['targetType'];
export type LinkType = Advert['linkType'];
export type AdvertAction = Advert['actions'][number];

export type Material = Schema<'advert.Material'>;

export type Advert = Schema<'advert.AdvertView'>;

export type TargetView = Schema<'advert.TargetView'>;

export type TimelineEntry = Schema<'advert.TimelineEntry'>;

export type AdvertDetail = Schema<'advert.AdvertDetail'>;

export type AdvertQuery = Query<'/merchant/advert'>;

export type MaterialInput = Schema<'advert.MaterialInput'>;

export type AdvertInput = Schema<'advert.AdvertInput'>;

export const listAdverts = (q: AdvertQuery) => request<Page<Advert>>(BASE, { params: q as Params });
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

export type DisplayAd = Schema<'advert.DisplayAd'>;

export type VenueDisplay = Schema<'advert.VenueDisplay'>;

/** What each venue's tablets play now (platform users must name a venue). */
export const getDisplay = (venueId?: number, quiet = false) =>
  request<VenueDisplay[]>(`${BASE}/display`, { params: { venueId }, skipErrorHandler: quiet });

// ---------------------------------------------------------------- tablets

export type Tablet = Schema<'advert.TabletView'>;

/** A tablet with its key: only in the answers of detail, create and regenerate. */
export type TabletDetail = Schema<'advert.TabletDetail'>;

export type TabletQuery = Query<'/merchant/tablet'>;

export type TabletInput = Schema<'advert.TabletInput'>;

export const listTablets = (q: TabletQuery, quiet = false) =>
  request<Page<Tablet>>(TABLETS, { params: q as Params, skipErrorHandler: quiet });
export const createTablet = (data: TabletInput) =>
  request<TabletDetail>(TABLETS, { method: 'POST', data, skipErrorHandler: true });
export const updateTablet = (id: number, data: TabletInput, quiet = true) =>
  request<TabletDetail>(`${TABLETS}/${id}`, { method: 'PUT', data, skipErrorHandler: quiet });
export const deleteTablet = (id: number) => request<null>(`${TABLETS}/${id}`, { method: 'DELETE' });
export const regenerateTabletKey = (id: number) =>
  request<TabletDetail>(`${TABLETS}/${id}/key`, { method: 'POST' });

/** A pairing offer: a short single-use code, valid 10 minutes, and the address its QR code carries. */
export type PairingOffer = Schema<'advert.PairingOffer'>;
export const createPairing = (id: number) =>
  request<PairingOffer>(`${TABLETS}/${id}/pairing`, { method: 'POST' });
/** The state of a tablet's latest pairing offer: none, pending, redeemed or expired. */
export type PairingStatus = Schema<'advert.PairingStatus'>;
export const pairingStatus = (id: number) =>
  request<PairingStatus>(`${TABLETS}/${id}/pairing`, { skipErrorHandler: true });

/** Every tablet the caller may see (pickers), in pages of 500 (the server's cap). */
export async function allTablets(
  q: Omit<TabletQuery, 'pageNo' | 'pageSize'> = {},
): Promise<Tablet[]> {
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

/** What the link picker reads of a dish. */
export type DishOption = Pick<Schema<'cuisine.DishView'>, 'id' | 'number' | 'name' | 'images'>;

/** Dishes of the merchant for the link picker (cuisine:dish:query). */
export const searchDishes = (name?: string) =>
  request<Page<DishOption>>('/merchant/cuisine/dish', {
    params: { name, pageNo: 1, pageSize: 20 },
    skipErrorHandler: true,
  });
export const getDishOption = (id: number) =>
  request<DishOption>(`/merchant/cuisine/dish/${id}`, { skipErrorHandler: true });
