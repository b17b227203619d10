/**
 * Typed calls of the venue settings (modules/shop/README.md). Rates are basis points
 * (600 = 6 %), amounts integer minor units of the venue's currency.
 */
import { request } from '@/utils/request';

import type { Schema } from './api';

export type Period = Schema<'shop.Period'>;

export type DayHours = Schema<'shop.DayHours'>;

export type OrderingMode = VenueSettings['orderingMode'];

export type VenueRef = Schema<'shop.VenueRef'>;

export type SettingsInput = Schema<'shop.SettingsInput'>;

export type VenueSettings = Schema<'shop.SettingsView'>;

const BASE = '/merchant/shop';

/** The venues the user manages: venue staff their own, a merchant's staff all of them. */
export const myVenues = () => request<VenueRef[]>(`${BASE}/venues`);
export const getSettings = (venueId: number) =>
  request<VenueSettings>(`${BASE}/setting/${venueId}`);
export const saveSettings = (venueId: number, data: SettingsInput) =>
  request<VenueSettings>(`${BASE}/setting/${venueId}`, {
    method: 'PUT',
    data,
    skipErrorHandler: true,
  });
