import { getCookie, removeCookie, setCookie } from './cookie';

export const TOKEN_COOKIE = 'Access-Token';

/** Days the token cookie lives; set at build time by VENUE_TOKEN_DAYS (default 7). */
export const TOKEN_DAYS: number = Number(process.env.VENUE_TOKEN_DAYS) || 7;

export const getToken = (): string | undefined => getCookie(TOKEN_COOKIE) || undefined;
export const setToken = (token: string): void => setCookie(TOKEN_COOKIE, token, TOKEN_DAYS);
export const removeToken = (): void => removeCookie(TOKEN_COOKIE);
