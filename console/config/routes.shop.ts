/** Menu pages of the venue settings area, inside BasicLayout (see routes.ts for the rules). */
const routes: Record<string, unknown>[] = [
  { path: '/shop/setting', name: 'menu.shop.setting', component: './Shop/Setting' },
];

export default routes;
