/**
 * Pure helpers of the system administration pages (unit-tested in tests/sys-*.test.ts):
 * grant tree <-> grant request, import error table, server field errors, organisation
 * and interface trees, dictionary labels, log filters.
 */
import type {
  ApiView,
  GrantNode,
  ImportError,
  MenuGrant,
  OrgNode,
  OrgType,
} from '@/services/sys-admin';

/** The operation keys of spec section 6, in the order the console shows them. */
export const ACTIONS = [
  'query',
  'get',
  'add',
  'edit',
  'delete',
  'enable',
  'disable',
  'import',
  'export',
] as const;

// ---------------------------------------------------------------------------- grant tree

export const menuKey = (id: number): string => `m:${id}`;
export const actionKey = (id: number, action: string): string => `a:${id}:${action}`;

export interface GrantTreeNode {
  key: string;
  title: string;
  menuId: number;
  action?: string;
  isAction?: boolean;
  children?: GrantTreeNode[];
}

const byActionOrder = (a: string, b: string) =>
  (ACTIONS.indexOf(a as (typeof ACTIONS)[number]) + 1 || 99) -
  (ACTIONS.indexOf(b as (typeof ACTIONS)[number]) + 1 || 99);

/**
 * One tree with checkboxes: every menu is a node; the operations a menu offers are its
 * first children (leaves), its sub-menus follow.
 */
export function grantTreeData(
  nodes: GrantNode[],
  menuTitle: (n: GrantNode) => string,
  actionTitle: (action: string) => string,
): GrantTreeNode[] {
  return nodes.map((n) => {
    const actions = [...(n.actions ?? [])].sort(byActionOrder).map((a) => ({
      key: actionKey(n.id, a),
      title: actionTitle(a),
      menuId: n.id,
      action: a,
      isAction: true,
    }));
    const children = [...actions, ...grantTreeData(n.children ?? [], menuTitle, actionTitle)];
    return {
      key: menuKey(n.id),
      title: menuTitle(n),
      menuId: n.id,
      children: children.length ? children : undefined,
    };
  });
}

/**
 * The leaves to check for a role's grants: each granted operation, and each granted
 * menu that has neither operations nor sub-menus. Parents follow from their leaves
 * (the tree conducts the check).
 */
export function checkedKeysOf(
  nodes: GrantNode[],
  granted: { menuIds?: number[]; grants?: Record<string, string[]> },
): string[] {
  const menus = new Set(granted.menuIds ?? []);
  const grants = granted.grants ?? {};
  const out: string[] = [];
  const walk = (list: GrantNode[]) =>
    list.forEach((n) => {
      const actions = n.actions ?? [];
      const children = n.children ?? [];
      for (const a of actions) {
        if (n.permission && (grants[n.permission] ?? []).includes(a)) out.push(actionKey(n.id, a));
      }
      if (actions.length === 0 && children.length === 0 && menus.has(n.id)) {
        out.push(menuKey(n.id));
      }
      walk(children);
    });
  walk(nodes);
  return out;
}

/**
 * The grant request of a set of checked keys (half-checked parents may be included
 * or not): every menu with a checked key at or below it, with its checked operations,
 * parents before children.
 */
export function grantsFromKeys(nodes: GrantNode[], keys: Iterable<string>): MenuGrant[] {
  const set = new Set(keys);
  const out: MenuGrant[] = [];
  const walk = (list: GrantNode[]): boolean => {
    let any = false;
    list.forEach((n) => {
      const actions = (n.actions ?? []).filter((a) => set.has(actionKey(n.id, a)));
      const at = out.length;
      out.push({ menuId: n.id, actions: [...actions].sort(byActionOrder) });
      const below = walk(n.children ?? []);
      if (set.has(menuKey(n.id)) || actions.length > 0 || below) {
        any = true;
      } else {
        out.splice(at, 1);
      }
    });
    return any;
  };
  walk(nodes);
  return out;
}

/** Every key of the tree (expand all / check all). */
export function allKeys(nodes: GrantTreeNode[]): string[] {
  return nodes.flatMap((n) => [n.key, ...allKeys(n.children ?? [])]);
}

// ---------------------------------------------------------------------------- imports

export interface ImportErrorRow extends ImportError {
  key: string;
  /** rows of the same file row are merged in the table: the first carries the span */
  rowSpan: number;
}

/**
 * The per-row error table of an import report: sorted by row, then by the column order
 * of the file, one line per bad cell; lines of the same file row share one row cell.
 */
export function importErrorRows(errors: ImportError[], columns: string[] = []): ImportErrorRow[] {
  const col = (f: string) => {
    const i = columns.indexOf(f);
    return i < 0 ? columns.length + (f ? 0 : 1) : i;
  };
  const sorted = errors
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.row - b.e.row || col(a.e.field) - col(b.e.field) || a.i - b.i)
    .map(({ e }) => e);
  return sorted.map((e, i) => {
    const first = i === 0 || sorted[i - 1].row !== e.row;
    let span = 0;
    if (first) {
      span = 1;
      while (i + span < sorted.length && sorted[i + span].row === e.row) span += 1;
    }
    return { ...e, field: e.field ?? '', key: `${e.row}-${i}`, rowSpan: span };
  });
}

/** How many distinct file rows have errors. */
export const badRowCount = (errors: ImportError[]): number =>
  new Set(errors.map((e) => e.row)).size;

// ---------------------------------------------------------------------------- field errors

export interface FieldErrorSplit {
  /** errors to set on form fields */
  fields: { name: string; errors: string[] }[];
  /** messages of fields the form does not show */
  rest: string[];
}

/**
 * Splits the `fields` of a 10001 answer into errors for the form's own fields (renamed
 * through `alias` when the form names a field differently) and the rest.
 */
export function splitFieldErrors(
  fields: Record<string, string> | undefined,
  known: string[],
  alias: Record<string, string> = {},
): FieldErrorSplit {
  const out: FieldErrorSplit = { fields: [], rest: [] };
  Object.entries(fields ?? {}).forEach(([name, msg]) => {
    const target = alias[name] ?? name;
    if (known.includes(target)) out.fields.push({ name: target, errors: [msg] });
    else out.rest.push(msg);
  });
  return out;
}

// ---------------------------------------------------------------------------- organisation

export interface OrgOption {
  title: string;
  value: number;
  key: number;
  type: OrgType;
  disabled?: boolean;
  children?: OrgOption[];
}

/** TreeSelect data of the organisation tree; `selectable` decides which nodes can be picked. */
export function orgOptions(
  nodes: OrgNode[],
  selectable: (n: OrgNode) => boolean = () => true,
): OrgOption[] {
  return nodes.map((n) => ({
    title: n.name,
    value: n.id,
    key: n.id,
    type: n.type,
    disabled: !selectable(n),
    children: n.children?.length ? orgOptions(n.children, selectable) : undefined,
  }));
}

export function findOrg(nodes: OrgNode[], id: number | undefined): OrgNode | undefined {
  if (id === undefined) return undefined;
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = findOrg(n.children ?? [], id);
    if (hit) return hit;
  }
  return undefined;
}

/** What may be created below a node: the platform adds merchants, a merchant adds venues. */
export const childTypeOf = (type: OrgType | undefined): 'merchant' | 'venue' | undefined =>
  type === 'platform' ? 'merchant' : type === 'merchant' ? 'venue' : undefined;

// ---------------------------------------------------------------------------- interfaces

export interface ApiGroup {
  key: string;
  module: string;
  count: number;
  children: (ApiView & { key: string })[];
}

/** The interface list grouped by module (modules sorted, routes by path then method). */
export function groupApis(list: ApiView[]): ApiGroup[] {
  const groups = new Map<string, ApiView[]>();
  list.forEach((a) => {
    const g = groups.get(a.module) ?? [];
    g.push(a);
    groups.set(a.module, g);
  });
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([module, routes]) => ({
      key: `module:${module}`,
      module,
      count: routes.length,
      children: [...routes]
        .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))
        .map((r) => ({ ...r, key: `${r.method} ${r.path}` })),
    }));
}

// ---------------------------------------------------------------------------- dictionary

/** The language tags a dictionary entry may carry a label for (the 16 console languages). */
export const LABEL_LANGUAGES = [
  'en',
  'zh',
  'ja',
  'fr',
  'de',
  'es',
  'it',
  'pt',
  'ru',
  'tr',
  'ar',
  'he',
  'id',
  'ko',
  'th',
  'vi',
] as const;

/** The labels JSON of an entry as a map; anything unreadable is no labels. */
export function parseLabels(json: string | null | undefined): Record<string, string> {
  if (!json) return {};
  try {
    const v = JSON.parse(json);
    if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
    return Object.fromEntries(
      Object.entries(v).filter(([, s]) => typeof s === 'string' && s !== ''),
    ) as Record<string, string>;
  } catch {
    return {};
  }
}

/** The labels a form sends: trimmed, empty ones left out, only known language tags. */
export function cleanLabels(values: Record<string, string | undefined> | undefined) {
  const out: Record<string, string> = {};
  LABEL_LANGUAGES.forEach((tag) => {
    const v = values?.[tag]?.trim();
    if (v) out[tag] = v;
  });
  return out;
}

// ---------------------------------------------------------------------------- operation log

/**
 * The body as stored (masked by the server): JSON pretty-printed, a form-urlencoded body
 * one field a line, anything else as it is.
 */
export function prettyBody(body: string): string {
  if (!body) return '';
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    /* not JSON */
  }
  if (/^[\w.%-]+=[^\s]*(&[\w.%-]+=[^\s]*)*$/.test(body)) {
    try {
      return [...new URLSearchParams(body).entries()].map(([k, v]) => `${k}: ${v}`).join('\n');
    } catch {
      return body;
    }
  }
  return body;
}

/** A picked time range as the log filter's from/to (the server's YYYY-MM-DD HH:mm:ss). */
export function rangeParams(range: unknown): { from?: string; to?: string } {
  if (!Array.isArray(range) || range.length !== 2) return {};
  const norm = (v: unknown): string | undefined => {
    if (!v) return undefined;
    if (typeof v === 'string') return v.length === 10 ? v : v.slice(0, 19).replace('T', ' ');
    const d = v as { format?: (f: string) => string };
    return typeof d.format === 'function' ? d.format('YYYY-MM-DD HH:mm:ss') : undefined;
  };
  return { from: norm(range[0]), to: norm(range[1]) };
}

/** ProTable's pagination params as the server's. */
export function pageParams<T extends Record<string, unknown>>(
  params: T & { current?: number; pageSize?: number },
): Omit<T, 'current'> & { pageNo: number; pageSize: number } {
  const { current, pageSize, ...rest } = params;
  const clean = Object.fromEntries(
    Object.entries(rest).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
  return { ...(clean as Omit<T, 'current'>), pageNo: current ?? 1, pageSize: pageSize ?? 20 };
}
