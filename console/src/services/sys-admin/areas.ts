/** Administrative areas (/sys/area). */
import { request } from '@/utils/request';
import type { Schema } from '../api';
import { form } from './common';

export type AreaView = Schema<'sys.AreaView'>;

export type AreaMatch = Schema<'sys.AreaMatch'>;

export type AreaInput = Schema<'sys.AreaInput'>;

export const areaChildren = (parentCode?: string) =>
  request<AreaView[]>('/sys/area/children', { params: { parentCode } });
export const searchAreas = (keyword: string, quiet = false) =>
  request<AreaMatch[]>('/sys/area/search', { params: { keyword }, skipErrorHandler: quiet });
export const getArea = (code: string, quiet = false) =>
  request<AreaView>(`/sys/area/${encodeURIComponent(code)}`, { skipErrorHandler: quiet });
export const createArea = (data: AreaInput) =>
  request<AreaView>('/sys/area', { method: 'POST', data, ...form });
export const updateArea = (code: string, data: AreaInput) =>
  request<AreaView>(`/sys/area/${encodeURIComponent(code)}`, { method: 'PUT', data, ...form });
export const deleteArea = (code: string) =>
  request<null>(`/sys/area/${encodeURIComponent(code)}`, { method: 'DELETE' });
export const AREA_IMPORT_URL = '/sys/area/import';
export const AREA_TEMPLATE_URL = '/sys/area/import/template';
