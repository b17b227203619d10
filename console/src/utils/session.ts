import { removeToken } from './token';

/**
 * Logout bookkeeping. The token lives in a cookie; roles, menus, user info, name and
 * avatar live in umi's initial state. clearSession() removes the token and tells the
 * listeners (the initial-state sync in app.tsx) to drop everything else.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function onSessionCleared(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function clearSession(): void {
  removeToken();
  for (const listener of listeners) listener();
}

export const LOGIN_PATH = '/user/login';

/** Paths that need no session (spec section 2). */
export const PUBLIC_PATHS = [
  '/user/login',
  '/user/autologin',
  '/user/register',
  '/user/registerResult',
  '/403',
  '/404',
  '/500',
];

export const isPublicPath = (pathname: string): boolean => PUBLIC_PATHS.includes(pathname);

/**
 * Keeps a redirect target only when it is a path of this console; anything else
 * (absolute URLs, protocol-relative //host, the login page itself) falls back to '/'.
 */
export function safeRedirect(raw: string | null | undefined): string {
  if (!raw) return '/';
  let target = raw;
  try {
    target = decodeURIComponent(raw);
  } catch {
    return '/';
  }
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  if (target === LOGIN_PATH || target.startsWith(`${LOGIN_PATH}?`)) return '/';
  return target;
}

export const loginPathWithRedirect = (target: string): string =>
  target && target !== '/' && !isPublicPath(target.split('?')[0])
    ? `${LOGIN_PATH}?redirect=${encodeURIComponent(target)}`
    : LOGIN_PATH;
