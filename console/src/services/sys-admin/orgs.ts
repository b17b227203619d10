/** The organisation tree (/sys/org) and merchant sign-ups (/sys/merchant). */
import { request } from '@/utils/request';
import type { Query, Schema } from '../api';
import { form, type Page, type Params } from './common';

export type OrgType = Org['type'];

export type Org = Schema<'sys.Org'>;

export type OrgNode = Schema<'sys.OrgNode'>;

export type OrgInput = Schema<'sys.OrgInput'>;

export type ApplicationStatus = MerchantApplication['status'];

export type MerchantApplication = Schema<'onboarding.MerchantApplication'>;

export type CreatedMerchant = Schema<'sys.MerchantAccount'>;

/** The organisation tree; `quiet` for selects on pages of other permissions. */
export const orgTree = (quiet = false) =>
  request<OrgNode[]>('/sys/org/tree', { skipErrorHandler: quiet });
export const getOrg = (id: number) => request<Org>(`/sys/org/${id}`);
export const createOrg = (data: OrgInput) =>
  request<Org>('/sys/org', { method: 'POST', data, ...form });
export const updateOrg = (id: number, data: OrgInput) =>
  request<Org>(`/sys/org/${id}`, { method: 'PUT', data, ...form });
export const setOrgStatus = (id: number, enabled: boolean) =>
  request<null>(`/sys/org/${id}/${enabled ? 'enable' : 'disable'}`, { method: 'POST' });
export const deleteOrg = (id: number) => request<null>(`/sys/org/${id}`, { method: 'DELETE' });

export const listApplications = (q: Query<'/sys/merchant/application'>) =>
  request<Page<MerchantApplication>>('/sys/merchant/application', { params: q as Params });
export const approveApplication = (id: number) =>
  request<CreatedMerchant>(`/sys/merchant/application/${id}/approve`, { method: 'POST' });
export const rejectApplication = (id: number, reason: string) =>
  request<null>(`/sys/merchant/application/${id}/reject`, {
    method: 'POST',
    data: { reason },
    ...form,
  });

/** Public merchant sign-up (no token); the platform reviews the application. */
export type RegisterParams = Schema<'onboarding.RegisterInput'>;

export type RegisterAnswer = Schema<'onboarding.RegisterResult'>;

export const registerMerchant = (data: RegisterParams) =>
  request<RegisterAnswer>('/sys/merchant/register', { method: 'POST', data, ...form });
