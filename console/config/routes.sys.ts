/** Menu pages of the sys area, inside BasicLayout (see routes.ts for the rules). */
const routes: Record<string, unknown>[] = [
  { path: '/sys/user', name: 'menu.sys.user', component: './Sys/User' },
  { path: '/sys/role', name: 'menu.sys.role', component: './Sys/Role' },
  { path: '/sys/menu', name: 'menu.sys.menu', component: './Sys/Menu' },
  { path: '/sys/api', name: 'menu.sys.api', component: './Sys/Api' },
  { path: '/sys/organization', name: 'menu.sys.organization', component: './Sys/Organization' },
  { path: '/sys/area', name: 'menu.sys.area', component: './Sys/Area' },
  { path: '/sys/dict', name: 'menu.sys.dict', component: './Sys/Dict' },
  { path: '/sys/log', name: 'menu.sys.log', component: './Sys/Log' },
];

export default routes;
