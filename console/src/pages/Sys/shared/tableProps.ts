/**
 * The list settings the sys tables share: search labels sized to fit, 20 rows a page with a size
 * changer, columns (shown, order) remembered in localStorage under venue.sys.<name>.columns,
 * and the density, reload and column-setting tools. A tree list overrides `pagination`.
 */
export function sysTableProps(name: string) {
  return {
    search: { labelWidth: 'auto' as const },
    pagination: { defaultPageSize: 20, showSizeChanger: true },
    columnsState: {
      persistenceKey: `venue.sys.${name}.columns`,
      persistenceType: 'localStorage' as const,
    },
    options: { density: true, reload: true, setting: true, fullScreen: false },
  };
}
