/**
 * Rules of an ad's broadcast period and daily window (spec section 5): reading, wording and
 * checking them, and mapping them between the form and the API. They mirror the server
 * (modules/advert/advert_rules.go); unit-tested in periodRules.test.ts beside it.
 */
import type { Advert } from '@/services/advert';
import type { FormProblem } from './formProblem';

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
  if (!period?.[0] || !period[1]) problems.push({ name: ['period'], key: 'advert.rule.periodRequired' });
  else if (period[1] < period[0]) problems.push({ name: ['period'], key: 'advert.rule.periodOrder' });
  else if (period[1] < today) problems.push({ name: ['period'], key: 'advert.rule.periodOver' });
  if (!allDay) {
    if (!daily?.[0] || !daily[1]) problems.push({ name: ['daily'], key: 'advert.rule.windowRequired' });
    else if (!HHMM.test(daily[0].slice(0, 5)) || !HHMM.test(daily[1].slice(0, 5)))
      problems.push({ name: ['daily'], key: 'advert.rule.windowRequired' });
    else if (daily[0].slice(0, 5) === daily[1].slice(0, 5)) problems.push({ name: ['daily'], key: 'advert.rule.windowEmpty' });
  }
  return problems;
}
