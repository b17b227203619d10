/**
 * Typed calls of the menu catalogue (modules/cuisine/README.md): categories, dishes with
 * specifications, sold-out and shelf status, promotions, Excel export/import.
 * Amounts are integer minor units of `currency` (see utils/money.ts); percentages are basis points.
 */
import { download, request, type RequestOptions } from '@/utils/request';

export interface Page<T> {
  records: T[];
  total: number;
  pageNo: number;
  pageSize: number;
}

export type Params = RequestOptions['params'];

const BASE = '/merchant/cuisine';

// ---------------------------------------------------------------- categories

export interface Category {
  id: number;
  merchantId: number;
  name: string;
  sort: number;
  /** 1 enabled, 0 disabled */
  status: number;
  dishCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface CategoryInput {
  name: string;
  sort: number;
  status?: number;
}

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

export type ShelfStatus = 'on_sale' | 'removed';

export interface Dish {
  id: number;
  merchantId: number;
  number: string;
  name: string;
  categoryId: number;
  categoryName: string;
  sort: number;
  price: number;
  discountPrice: number | null;
  currency: string;
  currencyDigits: number;
  description: string;
  images: string[];
  specialty: boolean;
  soldOut: boolean;
  restoreAt: string | null;
  status: ShelfStatus;
  createdAt: string;
  updatedAt: string;
}

export interface SpecOption {
  id: number;
  value: string;
  priceDelta: number;
  sort: number;
  soldOut: boolean;
}

export interface Spec {
  id: number;
  name: string;
  sort: number;
  required: boolean;
  minChoices: number;
  maxChoices: number;
  content: string;
  options: SpecOption[];
}

export interface DishDetail extends Dish {
  specs: Spec[];
}

export interface OptionInput {
  value: string;
  priceDelta: number;
  soldOut: boolean;
}

export interface SpecInput {
  name: string;
  sort?: number;
  required: boolean;
  minChoices?: number;
  maxChoices?: number;
  content?: string;
  options?: OptionInput[];
}

export interface DishInput {
  name: string;
  number: string;
  categoryId: number;
  sort: number;
  price: number;
  discountPrice?: number | null;
  description: string;
  images: string[];
  specialty: boolean;
  /** create only */
  status?: ShelfStatus;
  specs: SpecInput[];
}

export interface DishQuery {
  name?: string;
  number?: string;
  categoryId?: number;
  soldOut?: boolean;
  status?: ShelfStatus;
  specialty?: boolean;
  [key: string]: string | number | boolean | undefined;
}

export interface ImportError {
  row: number;
  field: string;
  message: string;
}

export interface ImportReport {
  total: number;
  imported: number;
  errors: ImportError[];
}

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

export type PromotionMode = 'fixed' | 'percent';
export type PromotionState = 'disabled' | 'scheduled' | 'active' | 'ended';

export interface Promotion {
  id: number;
  merchantId: number;
  name: string;
  /** "YYYY-MM-DD HH:mm:ss", wall clock of each venue */
  startAt: string;
  endAt: string;
  /** ISO weekdays, Monday = 1 */
  days: number[];
  status: number;
  state: PromotionState;
  rowCount: number;
  currency: string;
  createdAt: string;
  updatedAt: string;
}

export interface PromotionRow {
  id?: number;
  dishId: number;
  dishName: string;
  dishNumber?: string;
  mode: PromotionMode;
  /** fixed: minor units off; percent: basis points off */
  value: number;
  originalPrice: number;
  promotionPrice: number;
  discount: number;
  currentPrice: number;
}

export interface PromotionDetail extends Promotion {
  currencyDigits: number;
  rows: PromotionRow[];
}

export interface PromotionRowInput {
  dishId: number;
  mode?: PromotionMode;
  value?: number;
}

export interface PromotionInput {
  name: string;
  startAt: string;
  endAt: string;
  days: number[];
  status?: number;
  rows: PromotionRowInput[];
}

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
