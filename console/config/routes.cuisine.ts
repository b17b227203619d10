/** Menu pages of the cuisine area, inside BasicLayout (see routes.ts for the rules). */
const routes: Record<string, unknown>[] = [
  { path: '/cuisine/category', name: 'menu.cuisine.category', component: './Cuisine/Category' },
  { path: '/cuisine/manage', name: 'menu.cuisine.manage', component: './Cuisine/Manage' },
  { path: '/cuisine/promotion', name: 'menu.cuisine.promotion', component: './Cuisine/Promotion' },
  { path: '/cuisine/order', name: 'menu.cuisine.order', component: './Cuisine/Order' },
];

export default routes;
