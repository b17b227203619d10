/** The interfaces the server declares (/sys/api) and their operation-log mode. */
import { request } from '@/utils/request';
import type { Query, Schema } from '../api';
import { type Params } from './common';

export type LogMode = ApiView['logMode'];

export type ApiView = Schema<'sys.APIView'>;

export type ApiQuery = Query<'/sys/api'>;

export const listApis = (q: ApiQuery) => request<ApiView[]>('/sys/api', { params: q as Params });
export const setApiLog = (method: string, path: string, logMode: LogMode) =>
  request<null>('/sys/api/log', { method: 'PUT', data: { method, path, logMode } });
