import { describe, expect, it } from 'vitest';
import { checkPeriod, dailyWindow, periodText, windowText, windowToForm, windowToInput } from './periodRules';

const keys = (problems: { name: (string | number)[]; key: string }[]) =>
  problems.map((p) => `${p.name.join('.')}:${p.key}`);

/** A translator that shows the key and its values, to check what is asked for. */
const tr = (id: string, v?: Record<string, string | number>) =>
  v ? `${id}(${Object.entries(v).map(([k, x]) => `${k}=${x}`).join(',')})` : id;

describe('daily window', () => {
  it('reads all day, a range and an overnight window', () => {
    expect(dailyWindow('', '')).toEqual({ kind: 'allDay', start: '00:00', end: '24:00' });
    expect(dailyWindow('00:00', '24:00').kind).toBe('allDay');
    expect(dailyWindow('09:00', '14:00')).toEqual({ kind: 'range', start: '09:00', end: '14:00' });
    expect(dailyWindow('22:00', '02:00')).toEqual({ kind: 'overnight', start: '22:00', end: '02:00' });
    expect(dailyWindow('18:00', '24:00').kind).toBe('range');
  });

  it('words the window and the period', () => {
    expect(windowText('', '', tr)).toBe('advert.window.allDay');
    expect(windowText('09:00', '14:00', tr)).toBe('advert.window.range(start=09:00,end=14:00)');
    expect(windowText('22:00', '02:00', tr)).toBe('advert.window.overnight(start=22:00,end=02:00)');
    expect(
      periodText({ startDate: '2026-11-26', endDate: '2026-12-26', dailyStart: '00:00', dailyEnd: '24:00' }, tr),
    ).toBe('advert.period.text(start=2026-11-26,end=2026-12-26,window=advert.window.allDay)');
  });

  it('maps the window between the form and the API (24:00 is shown as 00:00)', () => {
    expect(windowToForm('00:00', '24:00')).toEqual({ allDay: true });
    expect(windowToForm('17:00', '24:00')).toEqual({ allDay: false, daily: ['17:00', '00:00'] });
    expect(windowToInput(true, ['09:00', '10:00'])).toEqual({ dailyStart: '', dailyEnd: '' });
    expect(windowToInput(false, ['17:00', '00:00'])).toEqual({ dailyStart: '17:00', dailyEnd: '24:00' });
    expect(windowToInput(false, ['22:00', '02:00'])).toEqual({ dailyStart: '22:00', dailyEnd: '02:00' });
    expect(windowToInput(false, ['09:00:00', '14:30:00'])).toEqual({ dailyStart: '09:00', dailyEnd: '14:30' });
  });

  it('requires the broadcast dates in order and not over, and a non-empty window', () => {
    const today = '2026-11-26';
    expect(keys(checkPeriod(null, true, null, today))).toEqual(['period:advert.rule.periodRequired']);
    expect(keys(checkPeriod(['2026-11-30', '2026-11-27'], true, null, today))).toEqual(['period:advert.rule.periodOrder']);
    expect(keys(checkPeriod(['2026-11-01', '2026-11-20'], true, null, today))).toEqual(['period:advert.rule.periodOver']);
    expect(checkPeriod(['2026-11-26', '2026-11-26'], true, null, today)).toEqual([]);
    expect(keys(checkPeriod(['2026-11-26', '2026-12-01'], false, null, today))).toEqual(['daily:advert.rule.windowRequired']);
    expect(keys(checkPeriod(['2026-11-26', '2026-12-01'], false, ['10:00', '10:00'], today))).toEqual([
      'daily:advert.rule.windowEmpty',
    ]);
    expect(checkPeriod(['2026-11-26', '2026-12-01'], false, ['22:00', '02:00'], today)).toEqual([]);
  });
});
