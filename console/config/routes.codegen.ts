/** Menu pages of the code generation area, inside BasicLayout (see routes.ts for the rules). */
const routes: Record<string, unknown>[] = [
  { path: '/auto/completeList', name: 'menu.auto.completeList', component: './Auto/CompleteList' },
];

export default routes;
