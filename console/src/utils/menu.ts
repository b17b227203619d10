/**
 * Menus and route visibility (spec section 2), as pure functions.
 *
 * - The side menu shows the server's menus (`/sys/token/user/menus`) whose page the
 *   console declares in config/routes.ts, plus routes flagged `static`.
 * - Report menus (url containing `/report/`) are gathered under one report node.
 * - Every level is sorted by `sort`, descending.
 * - A declared path is reachable when static or granted by the server; others: 403.
 */
export interface RouteConfig {
  path?: string;
  name?: string;
  icon?: string;
  static?: boolean;
  hideInMenu?: boolean;
  sort?: number;
  component?: string;
  redirect?: string;
  routes?: RouteConfig[];
}

export interface MenuNode {
  path: string;
  /** locale key, e.g. menu.sys.user */
  name?: string;
  /** the server's localized title, used when the key is unknown */
  title?: string;
  icon?: string;
  sort: number;
  hideInMenu?: boolean;
  children?: MenuNode[];
}

export const REPORT_PATH = '/report';

export const isReportUrl = (url: string): boolean => url.includes('/report/');

/** Page routes (with a component) inside the layout, by path. */
export function collectPages(routes: RouteConfig[]): Map<string, RouteConfig> {
  const pages = new Map<string, RouteConfig>();
  const walk = (list: RouteConfig[]) =>
    list.forEach((r) => {
      if (r.path && r.component && !r.redirect) pages.set(r.path, r);
      if (r.routes) walk(r.routes);
    });
  walk(routes);
  return pages;
}

/** Every url the server granted, hidden ones included. */
export function grantedPaths(menus: API.MenuItem[] | undefined): Set<string> {
  const paths = new Set<string>();
  const walk = (list: API.MenuItem[] = []) =>
    list.forEach((m) => {
      if (m.url) paths.add(m.url);
      walk(m.children);
    });
  walk(menus);
  return paths;
}

export type Reachability = 'allowed' | 'forbidden' | 'unknown';

export function reachability(
  pathname: string,
  pages: Map<string, RouteConfig>,
  granted: Set<string>,
): Reachability {
  const page = pages.get(pathname);
  if (!page) return 'unknown';
  return page.static || granted.has(pathname) ? 'allowed' : 'forbidden';
}

const bySortDesc = (a: { sort: number }, b: { sort: number }) => b.sort - a.sort;

function staticNodes(routes: RouteConfig[]): MenuNode[] {
  const nodes: MenuNode[] = [];
  routes.forEach((r) => {
    if (!r.static || !r.path || !r.name || r.redirect) return;
    const children = r.routes ? staticNodes(r.routes) : undefined;
    nodes.push({
      path: r.path,
      name: r.name,
      icon: r.icon,
      sort: r.sort ?? 0,
      hideInMenu: r.hideInMenu,
      children: children?.length ? children : undefined,
    });
  });
  return nodes.sort(bySortDesc);
}

/**
 * Whether a path is one of the layout's routes (a page or a redirect such as `/`), so it
 * needs a session; anything else is a page before login or unknown (404).
 * `:name` segments match any one segment.
 */
export function insideLayout(pathname: string, routes: RouteConfig[]): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const matches = (pattern: string) => {
    const want = pattern.split('/');
    const got = path.split('/');
    return (
      want.length === got.length && want.every((seg, i) => seg.startsWith(':') || seg === got[i])
    );
  };
  const walk = (list: RouteConfig[]): boolean =>
    list.some(
      (r) => (r.path !== undefined && matches(r.path)) || (r.routes ? walk(r.routes) : false),
    );
  return walk(routes);
}

/** The layout's child routes from the full route list (the `/` route with children). */
export function layoutRoutes(routes: RouteConfig[]): RouteConfig[] {
  return routes.find((r) => r.path === '/' && r.routes)?.routes ?? [];
}

export function buildMenu(
  serverMenus: API.MenuItem[] | undefined,
  routes: RouteConfig[],
): MenuNode[] {
  const pages = collectPages(routes);
  const reports: MenuNode[] = [];

  const convert = (list: API.MenuItem[] = []): MenuNode[] =>
    [...list]
      .sort(bySortDesc)
      .map((m): MenuNode | undefined => {
        const children = m.children?.length ? convert(m.children) : [];
        const node: MenuNode = {
          path: m.url,
          name: m.name,
          title: m.title,
          icon: m.icon,
          sort: m.sort ?? 0,
          hideInMenu: m.hidden,
        };
        if (children.length) return { ...node, children };
        if (!m.url || !pages.has(m.url)) return undefined;
        if (isReportUrl(m.url)) {
          reports.push(node);
          return undefined;
        }
        return node;
      })
      .filter((n): n is MenuNode => n !== undefined);

  const fromServer = convert(serverMenus);
  if (reports.length) {
    fromServer.push({
      path: REPORT_PATH,
      name: 'menu.report',
      icon: 'BarChartOutlined',
      sort: Math.max(...reports.map((r) => r.sort)),
      children: reports.sort(bySortDesc),
    });
  }
  const statics = staticNodes(routes);
  const staticPaths = new Set<string>();
  const mark = (list: MenuNode[]) =>
    list.forEach((n) => {
      staticPaths.add(n.path);
      if (n.children) mark(n.children);
    });
  mark(statics);
  const prune = (list: MenuNode[]): MenuNode[] =>
    list
      .filter((n) => !staticPaths.has(n.path) || n.children?.length)
      .map((n) => (n.children ? { ...n, children: prune(n.children) } : n))
      .filter((n) => !n.children || n.children.length > 0);
  return [...statics, ...prune(fromServer)].sort(bySortDesc);
}

/** The menu node of a path, searched depth-first (for titles). */
export function findMenu(nodes: MenuNode[], path: string): MenuNode | undefined {
  for (const node of nodes) {
    if (node.path === path) return node;
    const hit = node.children && findMenu(node.children, path);
    if (hit) return hit;
  }
  return undefined;
}
