/** Minimal cookie helpers (the console needs two cookies: Access-Token and language). */
export function getCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${encodeURIComponent(name)}=`;
  const hit = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return hit ? decodeURIComponent(hit.slice(prefix.length)) : undefined;
}

export function setCookie(name: string, value: string, days?: number): void {
  let cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/; SameSite=Strict`;
  if (days !== undefined) {
    cookie += `; expires=${new Date(Date.now() + days * 864e5).toUTCString()}`;
  }
  if (typeof location !== 'undefined' && location.protocol === 'https:') cookie += '; Secure';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing in older Safari and Firefox; this module is the one writer
  document.cookie = cookie;
}

export function removeCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing in older Safari and Firefox; this module is the one writer
  document.cookie = `${encodeURIComponent(name)}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
