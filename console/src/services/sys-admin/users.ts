/** Users of the console (/sys/user): list, form, roles, status, password, export and import. */
import { request, download } from '@/utils/request';
import type { Query, Schema } from '../api';
import { form, type Page, type Params } from './common';

export type RoleRef = Schema<'sys.RoleRef'>;

export type UserView = Schema<'sys.UserView'>;

export type UserQuery = Query<'/sys/user'>;

export type UserInput = Schema<'sys.UserInput'>;

export type CreatedUser = Schema<'sys.CreatedUser'>;

export const listUsers = (q: UserQuery) =>
  request<Page<UserView>>('/sys/user', { params: q as Params });
export const getUser = (id: number) => request<UserView>(`/sys/user/${id}`);
export const createUser = (data: UserInput) =>
  request<CreatedUser>('/sys/user', { method: 'POST', data, ...form });
export const updateUser = (id: number, data: UserInput) =>
  request<UserView>(`/sys/user/${id}`, { method: 'PUT', data, ...form });
export const setUserRoles = (id: number, roleIds: number[]) =>
  request<null>(`/sys/user/${id}/roles`, { method: 'PUT', data: { roleIds } });
export const setUserStatus = (id: number, enabled: boolean) =>
  request<null>(`/sys/user/${id}/${enabled ? 'enable' : 'disable'}`, { method: 'POST' });
export const resetUserPassword = (id: number, password?: string) =>
  request<Schema<'sys.ResetResult'>>(`/sys/user/${id}/resetPassword`, {
    method: 'POST',
    data: password ? { password } : {},
  });
/** Lifts the login locks of a user (their name and mobile, from every address). */
export const unlockUser = (id: number) =>
  request<Schema<'sys.UnlockResult'>>(`/sys/user/${id}/unlock`, { method: 'POST' });
export const deleteUser = (id: number) => request<null>(`/sys/user/${id}`, { method: 'DELETE' });
/** Excel of the filter; an empty filter answers the server's 'no data' message, shown as an error. */
export const exportUsers = (q: UserQuery) =>
  download('/sys/user/export', {
    params: { ...q, pageNo: undefined, pageSize: undefined } as Params,
  });
export const USER_IMPORT_URL = '/sys/user/import';
export const USER_TEMPLATE_URL = '/sys/user/import/template';
