/** Menu pages of the cuisine area, inside BasicLayout (see routes.ts for the rules). */
const routes: Record<string, unknown>[] = [];

export default routes;
