/**
 * A role's grants (spec section 6): the grant tree of menus and their operations <->
 * the grant request; the operation keys the menu form offers too.
 */
import type { GrantNode, MenuGrant } from '@/services/sys-admin';

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
