import {
  ProTable,
  type ActionType,
  type ParamsType,
  type ProColumns,
  type ProTableProps,
} from '@ant-design/pro-components';
import { useLocation } from '@umijs/max';
import type { FormInstance } from 'antd';
import React, { useEffect, useMemo, useRef, useState } from 'react';
import { useIsPhone } from '@/hooks/useIsPhone';
import { withInlineErrors } from '@/utils/request';
import CardList from './CardList';
import ListError from './ListError';
import { activeFilters, filterColumns, keywordColumn, type CardLayout, type FilterColumn } from './cards';
import FilterBar from './FilterBar';

export type ResponsiveTableProps<T extends Record<string, any>, U extends ParamsType> = ProTableProps<T, U> & {
  /** where the columns go on a phone card */
  card?: CardLayout;
  /** the field of the phone's search box (default: the `name` column, else the first text filter) */
  keyword?: string;
  /** placeholder of the phone's search box */
  keywordPlaceholder?: string;
  /** test id prefix of the phone parts (`<id>-cards`, `<id>-filter-keyword`, ...) */
  testId?: string;
  /**
   * search fields read from the page's URL query, so a link opens the list filtered
   * (the workbench's "sold out now" opens `/cuisine/manage?soldOut=true`)
   */
  urlFilters?: string[];
};

/** The named fields of a URL query (`?soldOut=true&x=1`, ['soldOut'] -> { soldOut: 'true' }). */
export function queryFilters(search: string, names: string[] = []): Record<string, string> {
  const params = new URLSearchParams(search);
  return Object.fromEntries(names.filter((n) => params.get(n)).map((n) => [n, params.get(n) as string]));
}

/**
 * A ProTable that becomes a list of cards on phones (below 768 px): the search form folds into
 * one search box plus a filter drawer (full-screen sheet), rows become cards drawn with the
 * table's own column renders, column settings, density, horizontal scroll, row selection and
 * expanded rows are left to wider screens. On wider screens it is the ProTable it is given.
 *
 * Same props as ProTable, plus `card` (which column is the title, the picture, the top-right
 * figure, which to leave off) and `keyword` (the field of the search box).
 */
function ResponsiveTable<T extends Record<string, any>, U extends ParamsType = ParamsType>(
  props: ResponsiveTableProps<T, U>,
) {
  const { card, keyword, keywordPlaceholder, testId, urlFilters, ...props0 } = props;
  const phone = useIsPhone();
  const { search } = useLocation();
  const fromUrl = useMemo(() => queryFilters(search, urlFilters), [search, urlFilters]);
  const [filters, setFilters] = useState<Record<string, unknown>>(fromUrl);
  const ownForm = useRef<FormInstance>();
  const formRef = (props0.formRef as React.MutableRefObject<FormInstance | undefined>) ?? ownForm;
  const firstUrl = useRef(true);
  useEffect(() => {
    // the first render takes them as initial values; a later link (the tab is open) applies them
    if (firstUrl.current) {
      firstUrl.current = false;
      return;
    }
    if (!Object.keys(fromUrl).length) return;
    setFilters(fromUrl);
    const form = formRef.current;
    form?.resetFields();
    form?.setFieldsValue(fromUrl);
    form?.submit();
  }, [fromUrl, formRef]);
  const [loadError, setLoadError] = useState<unknown>();
  const ownRef = useRef<ActionType>();
  const actionRef = (props0.actionRef as React.MutableRefObject<ActionType | undefined>) ?? ownRef;
  const columns = (props0.columns ?? []) as ProColumns<T>[];
  const kw = useMemo(() => keywordColumn(columns as FilterColumn[], keyword), [columns, keyword]);
  const fields = useMemo(() => filterColumns(columns as FilterColumn[], kw), [columns, kw]);

  // a failed load shows in the page with a retry, not as the exception page
  const request = props0.request;
  const table: ProTableProps<T, U> = {
    ...props0,
    actionRef,
    formRef,
    form: Object.keys(fromUrl).length ? { ...props0.form, initialValues: { ...props0.form?.initialValues, ...fromUrl } } : props0.form,
    request: request
      ? async (...args: Parameters<NonNullable<typeof request>>) => {
          try {
            const answer = await withInlineErrors(() => request(...args));
            setLoadError(undefined);
            return answer;
          } catch (e) {
            setLoadError(e);
            return { data: [], total: 0, success: false };
          }
        }
      : undefined,
    tableExtraRender: (p, data) => (
      <>
        {loadError ? <ListError error={loadError} onRetry={() => actionRef.current?.reload()} testId={testId} /> : null}
        {props0.tableExtraRender?.(p, data)}
      </>
    ),
  };

  if (!phone) return <ProTable<T, U> {...table} />;

  const keywordValue = kw ? (filters[kw] as string | undefined) : undefined;
  const bar = (
    <FilterBar
      keyword={keywordValue}
      placeholder={keywordPlaceholder}
      fields={fields}
      values={Object.fromEntries(Object.entries(filters).filter(([k]) => k !== kw))}
      testId={testId ? `${testId}-filter` : 'filter'}
      onSearch={(v) => setFilters((f) => activeFilters({ ...f, ...(kw ? { [kw]: v } : {}) }))}
      onFilter={(v) => setFilters((f) => activeFilters({ ...(kw ? { [kw]: f[kw] } : {}), ...v }))}
    />
  );
  const tools = table.toolBarRender;
  return (
    <ProTable<T, U>
      {...table}
      className={[table.className, 'venue-table-phone'].filter(Boolean).join(' ')}
      search={false}
      params={{ ...(table.params ?? {}), ...filters } as U}
      scroll={undefined}
      options={false}
      rowSelection={false}
      tableAlertRender={false}
      expandable={undefined}
      headerTitle={undefined}
      tooltip={undefined}
      toolbar={{ ...(table.toolbar ?? {}), multipleLine: true, filter: bar }}
      toolBarRender={tools}
      tableViewRender={(tp) => (
        <CardList<T>
          tableProps={tp as any}
          layout={card}
          keyword={kw}
          rowKey={table.rowKey as string | ((row: T) => React.Key)}
          testId={testId}
        />
      )}
    />
  );
}

export default ResponsiveTable;
export type { CardLayout };
