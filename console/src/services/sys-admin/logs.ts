/** The operation log (/sys/log) and its retention. */
import { request, download } from '@/utils/request';
import type { Query, Schema } from '../api';
import { form, type Page, type Params } from './common';

export type OpLog = Schema<'sys.Oplog'>;

export type LogQuery = Query<'/sys/log'>;

export const listLogs = (q: LogQuery) => request<Page<OpLog>>('/sys/log', { params: q as Params });
export const getLog = (id: number) => request<OpLog>(`/sys/log/${id}`);
export const exportLogs = (q: LogQuery) =>
  download('/sys/log/export', {
    params: { ...q, pageNo: undefined, pageSize: undefined } as Params,
  });
export const getRetention = () => request<Schema<'sys.Retention'>>('/sys/log/retention');
export const setRetention = (days: number) =>
  request<Schema<'sys.Retention'>>('/sys/log/retention', { method: 'PUT', data: { days }, ...form });
