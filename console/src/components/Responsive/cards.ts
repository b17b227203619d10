/**
 * Pure rules of the phone form of a list (ResponsiveTable): which column goes where on a card,
 * which columns become filters of the filter drawer, how many filters are set.
 */
import type { ReactNode } from 'react';

/** Where a list's columns go on a phone card. Keys are the columns' `key` (else their dataIndex). */
export interface CardLayout {
  /** the card's title (default: the keyword column, else the first text column) */
  title?: string;
  /** shown at the card's start, e.g. the dish's picture */
  avatar?: string;
  /** shown at the title's end, e.g. the price */
  extra?: string[];
  /** shown first in the card body, in this order, before the other columns */
  primary?: string[];
  /** left off the card (still in the table on wider screens) */
  hide?: string[];
}

/** The subset of a (processed) ProTable column the cards need. */
export interface CardColumn {
  key?: string | number;
  dataIndex?: string | number | readonly (string | number)[];
  title?: ReactNode;
  valueType?: unknown;
  hideInTable?: boolean;
}

export const columnKey = (c: CardColumn): string =>
  String(c.key ?? (Array.isArray(c.dataIndex) ? c.dataIndex.join('.') : (c.dataIndex ?? '')));

/** The value at a column's dataIndex (a name or a path). */
export function cellValue(row: Record<string, any>, dataIndex: CardColumn['dataIndex']): any {
  if (dataIndex === undefined || dataIndex === null) return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  return path.reduce<any>((v, k) => (v === null || v === undefined ? undefined : v[k as any]), row);
}

export const isActionColumn = (c: CardColumn) => c.valueType === 'option' || columnKey(c) === 'option';

export interface CardParts<C extends CardColumn> {
  title?: C;
  avatar?: C;
  extra: C[];
  body: C[];
  actions?: C;
}

/** Splits the table's visible columns into the parts of a card. */
export function cardParts<C extends CardColumn>(columns: C[], layout: CardLayout = {}, keyword?: string): CardParts<C> {
  const visible = columns.filter((c) => !c.hideInTable && columnKey(c) !== '');
  const byKey = new Map(visible.map((c) => [columnKey(c), c]));
  const actions = visible.find(isActionColumn);
  const firstText = visible.find(
    (c) => !isActionColumn(c) && (c.valueType === undefined || c.valueType === 'text'),
  );
  const titleKey =
    layout.title ??
    (keyword && byKey.has(keyword) ? keyword : undefined) ??
    (firstText ? columnKey(firstText) : undefined);
  const title = titleKey ? byKey.get(titleKey) : undefined;
  const avatar = layout.avatar ? byKey.get(layout.avatar) : undefined;
  const extra = (layout.extra ?? []).map((k) => byKey.get(k)).filter((c): c is C => !!c);
  const taken = new Set<C | undefined>([title, avatar, actions, ...extra]);
  const hidden = new Set(layout.hide ?? []);
  const rest = visible.filter((c) => !taken.has(c) && !hidden.has(columnKey(c)));
  const primary = (layout.primary ?? []).map((k) => rest.find((c) => columnKey(c) === k)).filter((c): c is C => !!c);
  const body = [...primary, ...rest.filter((c) => !primary.includes(c))];
  return { title, avatar, extra, body, actions };
}

/** A ProTable column as the search form knows it. */
export interface FilterColumn extends CardColumn {
  search?: false | object;
  hideInSearch?: boolean;
  valueEnum?: unknown;
  fieldProps?: unknown;
}

/**
 * The columns that become fields of the filter drawer: the ones the desktop search form shows,
 * without the keyword (it has its own box above the list).
 */
export function filterColumns<C extends FilterColumn>(columns: C[], keyword?: string): C[] {
  return columns.filter(
    (c) =>
      c.search !== false &&
      !c.hideInSearch &&
      !isActionColumn(c) &&
      c.dataIndex !== undefined &&
      columnKey(c) !== keyword &&
      String(c.dataIndex) !== keyword,
  );
}

/** The filters that are set (empty strings, null and empty arrays are not). */
export function activeFilters(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0),
    ),
  );
}

/** The keyword column: the one named, else the one keyed `name`, else the first searchable text column. */
export function keywordColumn<C extends FilterColumn>(columns: C[], keyword?: string): string | undefined {
  if (keyword) return keyword;
  const searchable = columns.filter((c) => c.search !== false && !c.hideInSearch && !isActionColumn(c));
  const named = searchable.find((c) => columnKey(c) === 'name' || c.dataIndex === 'name');
  const text = named ?? searchable.find((c) => c.valueType === undefined || c.valueType === 'text');
  return text ? String(Array.isArray(text.dataIndex) ? text.dataIndex.join('.') : text.dataIndex ?? text.key) : undefined;
}
