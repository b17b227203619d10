import type { ImportReport } from '@/components/ImportModal/rows';
import { request } from '@/utils/request';

/** What the system administration calls share: statuses, pages, imports, form calls. */

export type Status = 0 | 1;

export type { Page } from '../api';

export interface PageParams {
  pageNo?: number;
  pageSize?: number;
  sort?: string;
}

/** Answer of every import: nothing is written unless every row is valid. */
export type { ImportError, ImportReport } from '@/components/ImportModal/rows';

export type Params = Record<string, string | number | boolean | undefined | null>;

/** Form calls: the forms show the message and the field errors in place. */
export const form = { skipErrorHandler: true } as const;

/** Posts a file to an import endpoint (multipart field `file`). */
export const importFile = (url: string, file: Blob, name?: string) => {
  const body = new FormData();
  body.append('file', file, name ?? (file as File).name ?? 'import.xlsx');
  return request<ImportReport>(url, { method: 'POST', body, timeout: 120_000 });
};
