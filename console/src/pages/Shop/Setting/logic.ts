/**
 * Rules of the venue settings form, the same as the server's (modules/shop): opening periods
 * are "HH:MM" wall-clock times; a close not after the open runs past midnight into the next
 * day; periods of a day may not overlap, nor a late night the next day's first period.
 * Charges follow shop.VenueSettings.Charges: the service charge is a share of the subtotal,
 * taxed with it; tax included in prices is the part of the amount that is tax.
 */
import type { DayHours, Period } from '@/services/shop';

export const MAX_PERIODS = 6;
const DAY = 24 * 60;

/** Minutes after midnight of "HH:MM" ("24:00" is 1440), or undefined. */
export function clock(s: string | undefined): number | undefined {
  const m = /^(\d{2}):(\d{2})$/.exec(s ?? '');
  if (!m) return undefined;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 24 || min > 59 || (h === 24 && min !== 0)) return undefined;
  return h * 60 + min;
}

/** A period as [start, end) minutes after its day's midnight; end > 1440 past midnight. */
export function span(p: Period): [number, number] {
  const start = clock(p.open) ?? 0;
  let end = clock(p.close) ?? 0;
  if (end <= start) end += DAY;
  return [start, end];
}

/** Whether a period ends on the next day (a close before its open; "00:00" is midnight, not the next day). */
export function overnight(p: Period): boolean {
  const o = clock(p.open);
  const c = clock(p.close);
  return o !== undefined && c !== undefined && c !== 0 && c < o;
}

export type DayProblem = 'empty' | 'tooMany' | 'period' | 'overlap';

/** What is wrong with a day's hours (next: the following day), or undefined. */
export function dayProblem(day: DayHours, next?: DayHours): DayProblem | undefined {
  if (day.closed) return undefined;
  if (day.periods.length === 0) return 'empty';
  if (day.periods.length > MAX_PERIODS) return 'tooMany';
  for (const p of day.periods) {
    const o = clock(p.open);
    const c = clock(p.close);
    if (o === undefined || c === undefined || o === DAY || o === c) return 'period';
  }
  const sorted = [...day.periods].sort((a, b) => a.open.localeCompare(b.open));
  for (let i = 1; i < sorted.length; i += 1) {
    if (span(sorted[i - 1])[1] > (clock(sorted[i].open) ?? 0)) return 'overlap';
  }
  const end = span(sorted[sorted.length - 1])[1];
  if (end > DAY && next && !next.closed && next.periods.length) {
    const firstNext = Math.min(...next.periods.map((p) => clock(p.open) ?? DAY));
    if (end - DAY > firstNext) return 'overlap';
  }
  return undefined;
}

/** The seven days Monday first, a missing day closed; periods in order. */
export function normalizeHours(hours: DayHours[] | undefined): DayHours[] {
  return Array.from({ length: 7 }, (_, i) => {
    const d = hours?.find((h) => h.day === i + 1);
    return {
      day: i + 1,
      closed: d?.closed ?? !d,
      periods: [...(d?.periods ?? [])].sort((a, b) => a.open.localeCompare(b.open)),
    };
  });
}

const BP = 10_000;

/** amount × bp / 10,000 rounded half up (the server's rule). */
export function share(amount: number, bp: number): number {
  if (amount < 0) return -share(-amount, bp);
  return Math.floor((amount * bp + BP / 2) / BP);
}

export interface Charges {
  subtotal: number;
  serviceCharge: number;
  tax: number;
  total: number;
}

/** What a bill of subtotal (minor units) comes to under the venue's tax and service charge. */
export function charges(
  subtotal: number,
  s: { taxRate: number; serviceCharge: number; pricesIncludeTax: boolean },
): Charges {
  const service = share(subtotal, s.serviceCharge);
  const taxable = subtotal + service;
  if (s.pricesIncludeTax) {
    const tax = Math.floor((taxable * s.taxRate + (BP + s.taxRate) / 2) / (BP + s.taxRate));
    return { subtotal, serviceCharge: service, tax, total: taxable };
  }
  const tax = share(taxable, s.taxRate);
  return { subtotal, serviceCharge: service, tax, total: taxable + tax };
}
