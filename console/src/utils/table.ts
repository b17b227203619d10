/**
 * ProTable <-> the server's list calls, once for every table: ProTable hands `request` the
 * search form's fields with `current`/`pageSize` and the sort as `{ field: 'ascend' }`; the
 * server takes `pageNo`/`pageSize`, `sort=field,asc` and answers `{ records, total }`.
 */
// biome-ignore lint/suspicious/noExplicitAny: ProTable hands over its search form as `any` values; each page's query() gives them their types
export type TableParams = Record<string, any> & { current?: number; pageSize?: number };
export type TableSort = Record<string, 'ascend' | 'descend' | null | undefined> | undefined;

export interface PageQuery {
  pageNo: number;
  pageSize: number;
  sort?: string;
}

export interface TableResult<Row> {
  data: Row[];
  total?: number;
  success: boolean;
}

/** The search form's fields without paging and without empty values. */
// biome-ignore lint/suspicious/noExplicitAny: the search form's values pass through as ProTable typed them (see TableParams)
export function tableFilters(params: TableParams): Record<string, any> {
  const { current: _current, pageSize: _pageSize, ...rest } = params;
  return Object.fromEntries(
    Object.entries(rest).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
}

/** ProTable's sort as the server's `field,asc|desc` (the first sorted column), if any. */
export function sortParam(sort: TableSort): string | undefined {
  const [field, order] = Object.entries(sort ?? {}).find(([, o]) => o) ?? [];
  return field && order ? `${field},${order === 'ascend' ? 'asc' : 'desc'}` : undefined;
}

/** ProTable's pagination params as the server's, empty filters dropped. */
export function pageParams<T extends Record<string, unknown>>(
  params: T & { current?: number; pageSize?: number },
): Omit<T, 'current'> & { pageNo: number; pageSize: number } {
  return {
    ...(tableFilters(params) as Omit<T, 'current'>),
    pageNo: params.current ?? 1,
    pageSize: params.pageSize ?? 20,
  };
}

/**
 * ProTable's `request` for a server list. `query` picks the server's filters from the
 * search form (default: every non-empty field); paging and sort are added as the server
 * names them. `onPage` sees each answer with the query sent (totals, exports, side state).
 */
export function tableRequest<Row, Query>(
  list: (query: Query) => Promise<{ records: Row[]; total: number }>,
  options: {
    query?: (params: TableParams) => object;
    onPage?: (page: { records: Row[]; total: number }, query: NonNullable<Query>) => void;
  } = {},
): (params: TableParams, sort?: TableSort) => Promise<TableResult<Row>> {
  return async (params, sort) => {
    const filters = options.query ? options.query(params) : tableFilters(params);
    const order = sortParam(sort);
    const query = {
      ...filters,
      pageNo: params.current ?? 1,
      pageSize: params.pageSize ?? 20,
      ...(order ? { sort: order } : {}),
    } as unknown as NonNullable<Query>;
    const page = await list(query);
    options.onPage?.(page, query);
    return { data: page.records, total: page.total, success: true };
  };
}
