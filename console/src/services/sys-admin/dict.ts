/** The dictionary (/sys/dict): types and their entries. */
import { request } from '@/utils/request';
import type { Query, Schema } from '../api';
import { form, type Page, type Params } from './common';

export type DictType = Schema<'sys.DictType'>;

export type DictEntry = Schema<'sys.DictItem'>;

export type DictTypeInput = Schema<'sys.DictTypeForm'>;

export type DictEntryInput = Schema<'sys.DictItemForm'>;

export const listDictTypes = (q: Query<'/sys/dict/type'>) =>
  request<Page<DictType>>('/sys/dict/type', { params: q as Params });
export const createDictType = (data: DictTypeInput) =>
  request<DictType>('/sys/dict/type', { method: 'POST', data, ...form });
export const updateDictType = (id: number, data: DictTypeInput) =>
  request<DictType>(`/sys/dict/type/${id}`, { method: 'PUT', data, ...form });
export const deleteDictType = (id: number) =>
  request<null>(`/sys/dict/type/${id}`, { method: 'DELETE' });
export const listDictEntries = (type: string) =>
  request<DictEntry[]>('/sys/dict/item', { params: { type } });
export const createDictEntry = (data: DictEntryInput) =>
  request<DictEntry>('/sys/dict/item', { method: 'POST', data, ...form });
export const updateDictEntry = (id: number, data: DictEntryInput) =>
  request<DictEntry>(`/sys/dict/item/${id}`, { method: 'PUT', data, ...form });
export const setDictEntryStatus = (id: number, enabled: boolean) =>
  request<null>(`/sys/dict/item/${id}/${enabled ? 'enable' : 'disable'}`, { method: 'POST' });
export const deleteDictEntry = (id: number) =>
  request<null>(`/sys/dict/item/${id}`, { method: 'DELETE' });
