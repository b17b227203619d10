/** The interface list grouped by module, as the interface page shows it. */
import type { ApiView } from '@/services/sys-admin';

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
