/** The menu tree (/sys/menu). */
import { request } from '@/utils/request';
import type { Schema } from '../api';
import { form } from './common';

export type MenuNode = Schema<'sys.MenuNode'>;
export type Menu = Schema<'sys.Menu'>;

export type MenuInput = Schema<'sys.MenuInput'>;

export const menuTree = () => request<MenuNode[]>('/sys/menu/tree');
export const createMenu = (data: MenuInput) =>
  request<Menu>('/sys/menu', { method: 'POST', data, ...form });
export const updateMenu = (id: number, data: MenuInput) =>
  request<Menu>(`/sys/menu/${id}`, { method: 'PUT', data, ...form });
export const deleteMenu = (id: number) => request<null>(`/sys/menu/${id}`, { method: 'DELETE' });
