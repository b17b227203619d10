import type { SessionState } from '@/access';
import { getCurrentUser, getUserMenus } from './sys';

/**
 * Session bootstrap (spec section 4): menus first (the layout builds the routes from
 * them), then user info. Either failing rejects; the caller logs out and sends the
 * user to login.
 */
export async function fetchSession(): Promise<Required<SessionState>> {
  const { menus = [], operationCodes = [] } = (await getUserMenus()) ?? {};
  const currentUser = await getCurrentUser();
  if (!currentUser) throw new Error('no user info');
  return { currentUser, menus, operationCodes };
}

/** Starts downloading the shell and the workbench while the login call runs. */
export const preloadShell = (): void => {
  import(/* webpackChunkName: "layouts__BasicLayout" */ '@/layouts/BasicLayout').catch(() => undefined);
  import(/* webpackChunkName: "p__User__Workbench__index" */ '@/pages/User/Workbench').catch(
    () => undefined,
  );
};
