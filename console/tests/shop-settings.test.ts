import { describe, expect, it } from 'vitest';
import {
  charges,
  clock,
  dayProblem,
  normalizeHours,
  overnight,
  share,
} from '@/pages/Shop/Setting/logic';

const day = (periods: [string, string][], closed = false, d = 1) => ({
  day: d,
  closed,
  periods: periods.map(([open, close]) => ({ open, close })),
});

describe('opening hours', () => {
  it('reads HH:MM clock times, 24:00 as midnight', () => {
    expect(clock('00:00')).toBe(0);
    expect(clock('09:30')).toBe(570);
    expect(clock('24:00')).toBe(1440);
    for (const bad of ['24:30', '9:30', '25:00', '12:60', 'noon', ''])
      expect(clock(bad)).toBeUndefined();
  });

  it('marks periods that end the next day', () => {
    expect(overnight({ open: '18:00', close: '02:00' })).toBe(true);
    expect(overnight({ open: '18:00', close: '00:00' })).toBe(false);
    expect(overnight({ open: '11:00', close: '14:00' })).toBe(false);
  });

  it('finds what the server would refuse, day by day', () => {
    expect(
      dayProblem(
        day([
          ['11:00', '14:00'],
          ['17:00', '22:00'],
        ]),
      ),
    ).toBeUndefined();
    expect(dayProblem(day([], true))).toBeUndefined();
    expect(dayProblem(day([]))).toBe('empty');
    expect(
      dayProblem(
        day([
          ['11:00', '15:00'],
          ['14:00', '20:00'],
        ]),
      ),
    ).toBe('overlap');
    expect(dayProblem(day([['25:00', '26:00']]))).toBe('period');
    expect(dayProblem(day([['10:00', '10:00']]))).toBe('period');
    expect(
      dayProblem(
        day(Array.from({ length: 7 }, (_, i) => [`0${i}:00`, `0${i}:30`] as [string, string])),
      ),
    ).toBe('tooMany');
    // A late night may run into the next morning, but not past the next day's first opening.
    expect(
      dayProblem(day([['18:00', '02:00']]), day([['10:00', '22:00']], false, 2)),
    ).toBeUndefined();
    expect(dayProblem(day([['20:00', '18:00']]), day([['17:00', '22:00']], false, 2))).toBe(
      'overlap',
    );
    expect(dayProblem(day([['20:00', '18:00']]), day([], true, 2))).toBeUndefined();
  });

  it('answers the seven days Monday first, a missing day closed', () => {
    const week = normalizeHours([
      day(
        [
          ['17:00', '22:00'],
          ['11:00', '14:00'],
        ],
        false,
        3,
      ),
    ]);
    expect(week.map((d) => d.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(week[0].closed).toBe(true);
    expect(week[2].periods[0].open).toBe('11:00');
  });
});

describe('charges (the server table of modules/shop)', () => {
  it.each([
    ['nothing', 0, 0, true, 10000, 0, 0, 10000],
    ['6 % included', 600, 0, true, 10600, 0, 600, 10600],
    ['6 % included, rounding', 600, 0, true, 999, 0, 57, 999],
    ['8.5 % added', 850, 0, false, 10000, 0, 850, 10850],
    ['10 % service, 6 % included', 600, 1000, true, 10000, 1000, 623, 11000],
    ['10 % service, 8.5 % added', 850, 1000, false, 10000, 1000, 935, 11935],
    ['half up', 0, 1250, true, 4, 1, 0, 5],
  ])('%s', (_, taxRate, serviceCharge, pricesIncludeTax, subtotal, service, tax, total) => {
    expect(charges(subtotal, { taxRate, serviceCharge, pricesIncludeTax })).toEqual({
      subtotal,
      serviceCharge: service,
      tax,
      total,
    });
  });

  it('rounds shares half up, symmetric for refunds', () => {
    expect(share(5, 1000)).toBe(1);
    expect(share(4, 1000)).toBe(0);
    expect(share(-5, 1000)).toBe(-1);
  });
});
