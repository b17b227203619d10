import { tableFilters, type TableParams } from '@/utils/table';

/** The search form's fields of a list whose status filter the server takes as 0 or 1. */
export function statusAsNumber(params: TableParams): Record<string, unknown> {
  const q = tableFilters(params);
  if (q.status !== undefined) q.status = Number(q.status);
  return q;
}
