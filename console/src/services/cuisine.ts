/**
 * Typed calls of the menu catalogue (modules/cuisine/README.md): categories, dishes with
 * specifications, sold-out and shelf status, promotions, Excel export/import.
 * Amounts are integer minor units of `currency` (see utils/money.ts); percentages are basis points.
 */
import { download, request, type RequestOptions } from '@/utils/request';
import type { ImportReport } from '@/components/ImportModal/rows';

import type { Page, Query, Schema } from './api';

export type { Page };

export type Params = RequestOptions['params'];

const BASE = '/merchant/cuisine';

// ---------------------------------------------------------------- categories

export type Category = Schema<'cuisine.CategoryView'>;

export type CategoryInput = Schema<'cuisine.CategoryInput'>;

export const listCategories = (params?: Params) =>
  request<Page<Category>>(`${BASE}/category`, { params });
export const getCategory = (id: number) => request<Category>(`${BASE}/category/${id}`);
export const createCategory = (data: CategoryInput) =>
  request<Category>(`${BASE}/category`, { method: 'POST', data, skipErrorHandler: true });
export const updateCategory = (id: number, data: CategoryInput) =>
  request<Category>(`${BASE}/category/${id}`, { method: 'PUT', data, skipErrorHandler: true });
export const sortCategories = (ids: number[]) =>
  request<null>(`${BASE}/category/sort`, { method: 'PUT', data: { ids } });
export const setCategoryEnabled = (id: number, enabled: boolean) =>
  request<null>(`${BASE}/category/${id}/${enabled ? 'enable' : 'disable'}`, { method: 'POST' });
export const deleteCategory = (id: number, moveTo?: number) =>
  request<null>(`${BASE}/category/${id}`, {
    method: 'DELETE',
    params: { moveTo },
    skipErrorHandler: true,
  });

// ---------------------------------------------------------------- dishes

export type ShelfStatus = Dish['status'];

export type Dish = Schema<'cuisine.DishView'>;

export type SpecOption = Schema<'cuisine.OptionView'>;

export type Spec = Schema<'cuisine.SpecView'>;

export type DishDetail = Schema<'cuisine.DishDetail'>;

export type OptionInput = Schema<'cuisine.OptionInput'>;

export type SpecInput = Schema<'cuisine.SpecInput'>;

export type DishInput = Schema<'cuisine.DishInput'>;

export type DishQuery = Query<'/merchant/cuisine/dish'>;

export type { ImportError, ImportReport } from '@/components/ImportModal/rows';

export const listDishes = (params?: Params) => request<Page<Dish>>(`${BASE}/dish`, { params });
/** Every category in menu order (filters and the dish form). */
export const dishCategories = () => request<Category[]>(`${BASE}/dish/categories`);
export const getDish = (id: number) => request<DishDetail>(`${BASE}/dish/${id}`);
export const createDish = (data: DishInput) =>
  request<DishDetail>(`${BASE}/dish`, { method: 'POST', data, skipErrorHandler: true });
export const updateDish = (id: number, data: DishInput) =>
  request<DishDetail>(`${BASE}/dish/${id}`, { method: 'PUT', data, skipErrorHandler: true });
export const deleteDishes = (ids: number[]) =>
  request<null>(`${BASE}/dish/delete`, { method: 'POST', data: { ids } });
export const sortDishes = (ids: number[]) =>
  request<null>(`${BASE}/dish/sort`, { method: 'PUT', data: { ids } });
export const setShelf = (ids: number[], onSale: boolean) =>
  request<null>(`${BASE}/dish/${onSale ? 'onShelf' : 'offShelf'}`, {
    method: 'POST',
    data: { ids },
  });
/** restoreAt: "YYYY-MM-DD HH:mm:ss" in the merchant's time zone, or RFC 3339; empty = by hand. */
export const markSoldOut = (ids: number[], restoreAt?: string) =>
  request<null>(`${BASE}/dish/soldOut`, {
    method: 'POST',
    data: restoreAt ? { ids, restoreAt } : { ids },
  });
export const markInStock = (ids: number[]) =>
  request<null>(`${BASE}/dish/inStock`, { method: 'POST', data: { ids } });
export const setOptionsSoldOut = (ids: number[], soldOut: boolean) =>
  request<null>(`${BASE}/dish/option/soldOut`, { method: 'POST', data: { ids, soldOut } });
export const exportDishes = (params?: Params) => download(`${BASE}/dish/export`, { params });
export const downloadImportTemplate = () => download(`${BASE}/dish/import/template`);
export const importDishes = (file: File | Blob, name = 'dishes.xlsx') => {
  const body = new FormData();
  body.append('file', file, (file as File).name || name);
  return request<ImportReport>(`${BASE}/dish/import`, {
    method: 'POST',
    body,
    skipErrorHandler: true,
    timeout: 120_000,
  });
};

// ---------------------------------------------------------------- promotions

export type PromotionMode = PromotionRow['mode'];
export type PromotionState = Promotion['state'];

export type Promotion = Schema<'cuisine.PromotionView'>;

export type PromotionRow = Schema<'cuisine.PromotionRowView'>;

export type PromotionDetail = Schema<'cuisine.PromotionDetail'>;

export type PromotionRowInput = Schema<'cuisine.PromotionRowInput'>;

export type PromotionInput = Schema<'cuisine.PromotionInput'>;

export const listPromotions = (params?: Params) =>
  request<Page<Promotion>>(`${BASE}/promotion`, { params });
export const getPromotion = (id: number) => request<PromotionDetail>(`${BASE}/promotion/${id}`);
export const createPromotion = (data: PromotionInput) =>
  request<PromotionDetail>(`${BASE}/promotion`, { method: 'POST', data, skipErrorHandler: true });
export const updatePromotion = (id: number, data: PromotionInput) =>
  request<PromotionDetail>(`${BASE}/promotion/${id}`, {
    method: 'PUT',
    data,
    skipErrorHandler: true,
  });
export const previewPromotion = (rows: PromotionRowInput[]) =>
  request<PromotionRow[]>(`${BASE}/promotion/preview`, {
    method: 'POST',
    data: { rows },
    skipErrorHandler: true,
  });
export const setPromotionEnabled = (id: number, enabled: boolean) =>
  request<null>(`${BASE}/promotion/${id}/${enabled ? 'enable' : 'disable'}`, {
    method: 'POST',
  });
export const deletePromotion = (id: number) =>
  request<null>(`${BASE}/promotion/${id}`, { method: 'DELETE' });
