/**
 * Pure rules of the report pages: ranges, period labels and chart options (tested in
 * rules.test.ts). Dates are local dates, YYYY-MM-DD; a week range runs Monday to Sunday.
 */
import dayjs, { type Dayjs } from 'dayjs';
import type { DishRow, Period, Point } from '@/services/report';
import { formatMajor } from '@/utils/money';

export const DATE = 'YYYY-MM-DD';

/** Monday of d's ISO week. */
export const mondayOf = (d: Dayjs): Dayjs => d.subtract((d.day() + 6) % 7, 'day').startOf('day');

/** The default range: the last 14 days, or the last 8 ISO weeks. */
export function defaultRange(period: Period, today: Dayjs = dayjs()): [Dayjs, Dayjs] {
  if (period === 'week') {
    const monday = mondayOf(today);
    return [monday.subtract(7, 'week'), monday.add(6, 'day')];
  }
  return [today.subtract(13, 'day').startOf('day'), today.startOf('day')];
}

/** The from/to the server takes; a week range is widened to whole ISO weeks. */
export function rangeParams(period: Period, range: [Dayjs, Dayjs]): { from: string; to: string } {
  const [start, end] = range;
  if (period === 'week') {
    return { from: mondayOf(start).format(DATE), to: mondayOf(end).add(6, 'day').format(DATE) };
  }
  return { from: start.format(DATE), to: end.format(DATE) };
}

/** "2026-W48" -> "2026 W48"; a date stays as it is. */
export const periodLabel = (period: string): string => period.replace(/^(\d{4})-W(\d{2})$/, '$1 W$2');

/** Money for a chart axis or a table: major units as a number (display only). */
export const major = (minor: number, digits: number): number => Number(formatMajor(minor, digits));

export interface ChartTexts {
  quantity: string;
  amount: string;
}

/** Column (quantity) and line (amount) over time, two y axes. */
export function trendOption(series: Point[], digits: number, texts: ChartTexts, rtl = false) {
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { data: [texts.quantity, texts.amount], top: 0 },
    grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', inverse: rtl, data: series.map((p) => periodLabel(p.period)) },
    yAxis: [
      // the legend names the two axes: an axis name would be clipped on a phone
      { type: 'value', minInterval: 1, position: rtl ? 'right' : 'left' },
      { type: 'value', position: rtl ? 'left' : 'right', splitLine: { show: false } },
    ],
    series: [
      { name: texts.quantity, type: 'bar', data: series.map((p) => p.quantity), itemStyle: { color: '#1677ff' } },
      {
        name: texts.amount,
        type: 'line',
        yAxisIndex: 1,
        smooth: true,
        data: series.map((p) => major(p.amount, digits)),
        itemStyle: { color: '#fa8c16' },
      },
    ],
  };
}

/** Horizontal bars of the top dishes, the best at the top. */
export function topOption(dishes: DishRow[], by: 'quantity' | 'amount', digits: number, label: string, rtl = false) {
  const rows = [...dishes].reverse();
  return {
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', inverse: rtl, minInterval: by === 'quantity' ? 1 : undefined },
    yAxis: { type: 'category', position: rtl ? 'right' : 'left', data: rows.map((d) => d.dishName || `#${d.dishId}`) },
    series: [
      {
        name: label,
        type: 'bar',
        data: rows.map((d) => (by === 'quantity' ? d.quantity : major(d.amount, digits))),
        itemStyle: { color: by === 'quantity' ? '#1677ff' : '#fa8c16' },
        label: { show: true, position: rtl ? 'left' : 'right' },
      },
    ],
  };
}
