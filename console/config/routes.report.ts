/**
 * Report pages, inside BasicLayout (see routes.ts for the rules). /cuisine/orderDetail is the
 * spec's dish statistics; the /report/ pages are gathered under the report node of the menu.
 */
const routes: Record<string, unknown>[] = [
  { path: '/cuisine/orderDetail', name: 'menu.cuisine.orderDetail', component: './Report/DishStatistics' },
  { path: '/report/sales', name: 'menu.report.sales', component: './Report/Sales' },
  { path: '/report/cancellation', name: 'menu.report.cancellation', component: './Report/Cancellation' },
];

export default routes;
