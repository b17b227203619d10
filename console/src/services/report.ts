/**
 * Typed calls of the sales reports (modules/report/README.md). Dates are the venues' local
 * dates (YYYY-MM-DD); amounts are integer minor units of the merchant's currency; quantity
 * and amount are net of cancellations, the cancelled part beside them.
 */
import { download, request } from '@/utils/request';

import type { Query, Schema } from './api';

const BASE = '/report';

export type Period = SalesReport['period'];

export type RangeParams = Query<'/report/sales/category'>;

export type Figures = Schema<'report.Figures'>;

export type Point = Schema<'report.Point'>;

export type DishRow = Schema<'report.DishRow'>;

export type CategoryRow = Schema<'report.CategoryRow'>;

export type ReasonRow = Schema<'report.ReasonRow'>;

/** What every report answer starts with (Go `report.Header`, embedded in each). */
export type Header = Pick<SalesReport, 'from' | 'to' | 'venueId' | 'currency' | 'currencyDigits'>;

export type SalesReport = Schema<'report.SalesReport'>;

export type TopReport = Schema<'report.TopReport'>;

export type CategoryReport = Schema<'report.CategoryReport'>;

export type CancellationReport = Schema<'report.CancellationReport'>;

export type VenueOption = Schema<'report.VenueView'>;

export type SalesParams = Query<'/report/dish'>;

/** A category or dish the reports can be filtered by (`categoryId` on a dish). */
export type FilterOption = Schema<'report.FilterOption'>;

export type ReportFilterOptions = Schema<'report.Filters'>;

type Params = Record<string, string | number | boolean | undefined>;
const p = (x: object): Params => x as Params;

export const listVenues = () => request<VenueOption[]>(`${BASE}/venues`);
export const dishSales = (params: SalesParams) => request<SalesReport>(`${BASE}/dish`, { params: p(params) });
export const exportDishSales = (params: SalesParams) => download(`${BASE}/dish/export`, { params: p(params) });
export const salesTrend = (params: SalesParams) => request<SalesReport>(`${BASE}/sales`, { params: p(params) });
export const filterOptions = () => request<ReportFilterOptions>(`${BASE}/filters`);
export const topDishes = (params: Query<'/report/sales/top'>) =>
  request<TopReport>(`${BASE}/sales/top`, { params: p(params) });
export const salesByCategory = (params: RangeParams) =>
  request<CategoryReport>(`${BASE}/sales/category`, { params: p(params) });
export const cancellations = (params: RangeParams) =>
  request<CancellationReport>(`${BASE}/cancellation`, { params: p(params) });
export const exportCancellations = (params: RangeParams) =>
  download(`${BASE}/cancellation/export`, { params: p(params) });
