/** Menu pages of the sys area, inside BasicLayout (see routes.ts for the rules). */
const routes: Record<string, unknown>[] = [];

export default routes;
