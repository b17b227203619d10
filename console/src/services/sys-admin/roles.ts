/** Roles (/sys/role) and their grants (menus and operations). */
import { request } from '@/utils/request';
import type { Query, Schema } from '../api';
import { form, type Page, type Params } from './common';

export type DataScope = Role['dataScope'];

export type Role = Schema<'sys.Role'>;

export type RoleDetail = Schema<'sys.RoleDetail'>;

export type RoleQuery = Query<'/sys/role'>;

export type RoleInput = Schema<'sys.RoleInput'>;

/** A menu of the grant tree with the operation keys the caller may hand on. */
export type GrantNode = Schema<'sys.GrantNode'>;

export type MenuGrant = Schema<'sys.MenuGrant'>;

export const listRoles = (q: RoleQuery) =>
  request<Page<Role>>('/sys/role', { params: q as Params });
/**
 * Every role the caller sees, for selects. Quiet: a page that offers roles may be open to
 * someone without sys:role:query (the select stays empty, no redirect to /403).
 */
export const allRoles = () =>
  request<Page<Role>>('/sys/role', {
    params: { pageNo: 1, pageSize: 500 },
    skipErrorHandler: true,
  }).then((p) => p.records ?? []);
export const getRole = (id: number) => request<RoleDetail>(`/sys/role/${id}`);
export const grantTree = () => request<GrantNode[]>('/sys/role/grantTree');
export const createRole = (data: RoleInput) =>
  request<Role>('/sys/role', { method: 'POST', data, ...form });
export const updateRole = (id: number, data: RoleInput) =>
  request<Role>(`/sys/role/${id}`, { method: 'PUT', data, ...form });
export const setRoleGrants = (id: number, menus: MenuGrant[]) =>
  request<null>(`/sys/role/${id}/grants`, { method: 'PUT', data: { menus } });
export const setRoleStatus = (id: number, enabled: boolean) =>
  request<null>(`/sys/role/${id}/${enabled ? 'enable' : 'disable'}`, { method: 'POST' });
export const deleteRole = (id: number) => request<null>(`/sys/role/${id}`, { method: 'DELETE' });
