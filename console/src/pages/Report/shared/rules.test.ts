import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defaultRange, mondayOf, periodLabel, rangeParams, topOption, trendOption } from './rules';

describe('report ranges', () => {
  it('widens a week range to whole ISO weeks, Monday to Sunday', () => {
    // 2026-11-26 is a Thursday; 2026-11-01 a Sunday
    expect(mondayOf(dayjs('2026-11-26')).format('YYYY-MM-DD')).toBe('2026-11-23');
    expect(mondayOf(dayjs('2026-11-01')).format('YYYY-MM-DD')).toBe('2026-10-26');
    expect(rangeParams('week', [dayjs('2026-11-01'), dayjs('2026-11-26')])).toEqual({
      from: '2026-10-26',
      to: '2026-11-29',
    });
    expect(rangeParams('day', [dayjs('2026-11-01'), dayjs('2026-11-26')])).toEqual({
      from: '2026-11-01',
      to: '2026-11-26',
    });
  });

  it('defaults to the last 14 days or the last 8 weeks', () => {
    const today = dayjs('2026-11-26');
    expect(rangeParams('day', defaultRange('day', today))).toEqual({ from: '2026-11-13', to: '2026-11-26' });
    expect(rangeParams('week', defaultRange('week', today))).toEqual({ from: '2026-10-05', to: '2026-11-29' });
  });

  it('labels weeks and leaves dates alone', () => {
    expect(periodLabel('2026-W05')).toBe('2026 W05');
    expect(periodLabel('2026-11-26')).toBe('2026-11-26');
  });
});

describe('chart options', () => {
  const f = { cancelledQuantity: 0, cancelledAmount: 0 };
  it('draws quantity as columns and amount in major units as a line', () => {
    const o = trendOption(
      [
        { period: '2026-11-25', quantity: 3, amount: 1250, ...f },
        { period: '2026-11-26', quantity: 0, amount: 0, ...f },
      ],
      2,
      { quantity: 'Qty', amount: 'Amount' },
    );
    expect(o.xAxis.data).toEqual(['2026-11-25', '2026-11-26']);
    expect(o.series[0]).toMatchObject({ type: 'bar', data: [3, 0] });
    expect(o.series[1]).toMatchObject({ type: 'line', data: [12.5, 0] });
  });

  it('puts the best dish at the top of the bars', () => {
    const dish = (id: number, quantity: number, amount: number) => ({
      dishId: id,
      dishName: `D${id}`,
      categoryId: 1,
      categoryName: 'C',
      quantity,
      amount,
      ...f,
    });
    const o = topOption([dish(1, 9, 900), dish(2, 5, 2000)], 'amount', 2, 'Amount');
    expect(o.yAxis.data).toEqual(['D2', 'D1']);
    expect(o.series[0].data).toEqual([20, 9]);
  });
});
