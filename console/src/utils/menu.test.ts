import { describe, expect, it } from 'vitest';
import routes from '../../config/routes';
import {
  buildMenu,
  collectPages,
  grantedPaths,
  insideLayout,
  layoutRoutes,
  reachability,
  type RouteConfig,
} from '@/utils/menu';
import { safeRedirect, loginPathWithRedirect } from '@/utils/session';

const m = (
  url: string,
  sort: number,
  children: API.MenuItem[] = [],
  extra: Partial<API.MenuItem> = {},
): API.MenuItem => ({
  id: sort,
  parentId: 0,
  name: `menu${url.replace(/\//g, '.')}`,
  title: url,
  url,
  icon: '',
  sort,
  static: false,
  hidden: false,
  permission: '',
  actions: [],
  children,
  ...extra,
});

const declared: RouteConfig[] = [
  { path: '/user/workbench', name: 'menu.workbench', static: true, sort: 1000, component: './W' },
  { path: '/sys/user', name: 'menu.sys.user', component: './U' },
  { path: '/sys/role', name: 'menu.sys.role', component: './R' },
  { path: '/sys/log', name: 'menu.sys.log', component: './L' },
  { path: '/merchant/report/sales', name: 'menu.sales', component: './S' },
  { path: '/merchant/report/dishes', name: 'menu.dishes', component: './D' },
];

describe('menus', () => {
  it('sorts every level by sort descending and keeps static routes', () => {
    const menu = buildMenu(
      [m('/sys', 10, [m('/sys/role', 1), m('/sys/user', 5), m('/sys/log', 3)])],
      declared,
    );
    expect(menu.map((n) => n.path)).toEqual(['/user/workbench', '/sys']);
    expect(menu[1].children!.map((n) => n.path)).toEqual(['/sys/user', '/sys/log', '/sys/role']);
  });

  it('leaves out menus whose page is not declared, and empty groups', () => {
    const menu = buildMenu(
      [m('/cuisine', 20, [m('/cuisine/manage', 1)]), m('/sys', 10, [m('/sys/user', 1)])],
      declared,
    );
    expect(menu.map((n) => n.path)).toEqual(['/user/workbench', '/sys']);
  });

  it('gathers report menus under one report node when granted', () => {
    const menu = buildMenu(
      [
        m('/merchant', 5, [m('/merchant/report/sales', 2), m('/merchant/report/dishes', 4)]),
        m('/sys', 10, [m('/sys/user', 1)]),
      ],
      declared,
    );
    const report = menu.find((n) => n.path === '/report');
    expect(report?.name).toBe('menu.report');
    expect(report?.children?.map((n) => n.path)).toEqual([
      '/merchant/report/dishes',
      '/merchant/report/sales',
    ]);
    expect(menu.find((n) => n.path === '/merchant')).toBeUndefined();
    expect(
      buildMenu([m('/sys', 10, [m('/sys/user', 1)])], declared).find((n) => n.path === '/report'),
    ).toBeUndefined();
  });

  it('reaches static and granted pages; others are forbidden or unknown', () => {
    const pages = collectPages(declared);
    const granted = grantedPaths([m('/sys', 1, [m('/sys/user', 1, [], { hidden: true })])]);
    expect(reachability('/user/workbench', pages, granted)).toBe('allowed');
    expect(reachability('/sys/user', pages, granted)).toBe('allowed');
    expect(reachability('/sys/role', pages, granted)).toBe('forbidden');
    expect(reachability('/nope', pages, granted)).toBe('unknown');
  });

  it('declares the shell routes of the spec', () => {
    const paths = (list: RouteConfig[]): string[] =>
      list.flatMap((r) => [r.path ?? '', ...paths(r.routes ?? [])]);
    const all = paths(routes as RouteConfig[]);
    for (const p of [
      '/user',
      '/user/login',
      '/user/autologin',
      '/user/register',
      '/user/registerResult',
      '/403',
      '/404',
      '/500',
      '/',
      '/user/workbench',
      '*',
    ]) {
      expect(all).toContain(p);
    }
    expect(collectPages(layoutRoutes(routes as RouteConfig[])).get('/user/workbench')?.static).toBe(
      true,
    );
  });
});

describe('redirects', () => {
  it('keeps only paths of this console', () => {
    expect(safeRedirect('%2Fsys%2Fuser%3Fa%3D1')).toBe('/sys/user?a=1');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/user/login')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });

  it('adds a redirect only for protected targets', () => {
    expect(loginPathWithRedirect('/sys/user')).toBe('/user/login?redirect=%2Fsys%2Fuser');
    expect(loginPathWithRedirect('/')).toBe('/user/login');
    expect(loginPathWithRedirect('/404')).toBe('/user/login');
  });
});

describe('paths that need a session', () => {
  const layout = layoutRoutes(routes as RouteConfig[]);

  it('are the layout routes: pages, redirects and :param patterns', () => {
    expect(insideLayout('/', layout)).toBe(true);
    expect(insideLayout('/sys/user', layout)).toBe(true);
    expect(insideLayout('/sys/user/', layout)).toBe(true);
    expect(insideLayout('/account', layout)).toBe(true);
    expect(insideLayout('/user/workbench', layout)).toBe(true);
    expect(insideLayout('/a/7', [{ path: '/a/:id', component: './A' }])).toBe(true);
    expect(insideLayout('/a/7/b', [{ path: '/a/:id', component: './A' }])).toBe(false);
  });

  it('are not the pages before login, nor unknown paths (they show 404)', () => {
    for (const path of ['/user/login', '/user/register', '/user', '/404', '/no/such/page']) {
      expect(insideLayout(path, layout)).toBe(false);
    }
  });
});
