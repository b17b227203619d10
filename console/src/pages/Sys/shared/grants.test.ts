import { describe, expect, it } from 'vitest';
import {
  actionKey,
  allKeys,
  checkedKeysOf,
  grantsFromKeys,
  grantTreeData,
  menuKey,
} from './grants';
import type { GrantNode } from '@/services/sys-admin';

const node = (
  id: number,
  permission: string,
  actions: string[],
  children: GrantNode[] = [],
): GrantNode => ({
  id,
  name: `menu.${id}`,
  title: `Menu ${id}`,
  url: `/m/${id}`,
  permission,
  actions,
  children,
});

// System (group) > Users (sys:user, 4 actions), Menus (sys:menu, 2 actions)
// Dishes (group) > Sold out (cuisine:soldout, edit), Report (no permission, leaf)
const tree: GrantNode[] = [
  node(
    10,
    '',
    [],
    [
      node(11, 'sys:user', ['export', 'query', 'add', 'get']),
      node(12, 'sys:menu', ['query', 'edit']),
    ],
  ),
  node(20, '', [], [node(21, 'cuisine:soldout', ['edit']), node(22, '', [])]),
];

describe('grant tree', () => {
  it('puts the operations of a menu first, in spec order, then its sub-menus', () => {
    const data = grantTreeData(
      tree,
      (n) => n.title,
      (a) => a.toUpperCase(),
    );
    expect(data.map((n) => n.key)).toEqual(['m:10', 'm:20']);
    const users = data[0].children![0];
    expect(users.key).toBe('m:11');
    expect(users.children!.map((c) => c.key)).toEqual([
      'a:11:query',
      'a:11:get',
      'a:11:add',
      'a:11:export',
    ]);
    expect(users.children![0]).toMatchObject({ title: 'QUERY', isAction: true, action: 'query' });
    // a menu with neither operations nor sub-menus is a checkable leaf
    expect(data[1].children![1]).toMatchObject({ key: 'm:22', children: undefined });
    expect(allKeys(data)).toHaveLength(6 + 7);
  });

  it('checks the granted operations and granted leaf menus only', () => {
    const keys = checkedKeysOf(tree, {
      menuIds: [10, 11, 20, 22],
      grants: { 'sys:user': ['query', 'get'], 'cuisine:soldout': [], other: ['add'] },
    });
    expect(keys.sort()).toEqual([actionKey(11, 'get'), actionKey(11, 'query'), menuKey(22)].sort());
  });

  it('maps checked keys to menus with their operations, parents first', () => {
    const grants = grantsFromKeys(tree, [
      actionKey(11, 'query'),
      actionKey(11, 'add'),
      menuKey(22),
    ]);
    expect(grants).toEqual([
      { menuId: 10, actions: [] },
      { menuId: 11, actions: ['query', 'add'] },
      { menuId: 20, actions: [] },
      { menuId: 22, actions: [] },
    ]);
  });

  it('leaves out menus with nothing checked below them', () => {
    expect(grantsFromKeys(tree, [])).toEqual([]);
    expect(grantsFromKeys(tree, [actionKey(21, 'edit')])).toEqual([
      { menuId: 20, actions: [] },
      { menuId: 21, actions: ['edit'] },
    ]);
    // a checked parent key alone (tree conducted: all its leaves are checked too in practice)
    expect(grantsFromKeys(tree, [menuKey(12)])).toEqual([
      { menuId: 10, actions: [] },
      { menuId: 12, actions: [] },
    ]);
  });

  it('ignores keys of operations a menu does not offer', () => {
    expect(grantsFromKeys(tree, [actionKey(12, 'delete'), 'a:99:add', 'junk'])).toEqual([]);
  });

  it('round-trips a role: grants -> checked keys -> the same grants', () => {
    const role = {
      menuIds: [10, 11, 12, 20, 21],
      grants: {
        'sys:user': ['query', 'get', 'export'],
        'sys:menu': ['query'],
        'cuisine:soldout': ['edit'],
      },
    };
    const back = grantsFromKeys(tree, checkedKeysOf(tree, role));
    expect(back.map((g) => g.menuId)).toEqual(role.menuIds);
    const perms: Record<number, string> = { 11: 'sys:user', 12: 'sys:menu', 21: 'cuisine:soldout' };
    const byPerm = Object.fromEntries(
      back.filter((g) => perms[g.menuId]).map((g) => [perms[g.menuId], g.actions]),
    );
    expect(byPerm).toEqual({
      'sys:user': ['query', 'get', 'export'],
      'sys:menu': ['query'],
      'cuisine:soldout': ['edit'],
    });
  });
});
