import type { SessionState } from '@/access';
import { loadAreaMessages } from '@/utils/intl';
import { onSessionCleared } from '@/utils/session';
import { setStaffZone } from '@/utils/staffZone';
import { getToken } from '@/utils/token';
import { getCurrentUser, getUserMenus } from './sys';

type Session = Required<SessionState>;

/** The last session loaded, by token: the layout reuses it instead of asking again. */
let loaded: { token: string; promise: Promise<Session>; value?: Session } | undefined;
onSessionCleared(() => {
  loaded = undefined;
  setStaffZone(undefined);
});

async function load(): Promise<Session> {
  const { menus = [], operationCodes = [] } = (await getUserMenus()) ?? {};
  const currentUser = await getCurrentUser();
  if (!currentUser) throw new Error('no user info');
  setStaffZone(currentUser.timezone);
  return { currentUser, menus, operationCodes };
}

/**
 * Session bootstrap (spec section 4): menus first (the layout builds the routes from
 * them), then user info. Either failing rejects; the caller logs out and sends the
 * user to login. Calls for the same token share one round of requests.
 */
export function fetchSession(): Promise<Session> {
  const token = getToken() ?? '';
  if (loaded && loaded.token === token) return loaded.promise;
  const promise = load();
  const entry: NonNullable<typeof loaded> = { token, promise };
  loaded = entry;
  promise.then(
    (value) => {
      entry.value = value;
    },
    () => {
      if (loaded === entry) loaded = undefined;
    },
  );
  return promise;
}

/** The session already loaded for the current token, if any (no request). */
export function peekSession(): Session | undefined {
  const token = getToken() ?? '';
  return loaded && loaded.token === token ? loaded.value : undefined;
}

let preloaded = false;

/**
 * Starts downloading the shell, the areas' messages and the workbench once the user
 * starts filling in the login form, so that submitting does not wait for them. The login page itself does
 * not need them.
 */
export const preloadShell = (): void => {
  if (preloaded) return;
  preloaded = true;
  loadAreaMessages();
  import(/* webpackChunkName: "layouts__BasicLayout" */ '@/layouts/BasicLayout').catch(() => {
    preloaded = false;
  });
  import(/* webpackChunkName: "p__User__Workbench__index" */ '@/pages/User/Workbench').catch(() => {
    preloaded = false;
  });
};
