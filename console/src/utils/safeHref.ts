/**
 * The one way a user-supplied link or file address reaches an `href` or `src`
 * (issue 11). It mirrors the server's rule (api.FileURL): a file uploaded here
 * (`/uploads/…`) or an absolute http(s) URL. Anything else — `javascript:`,
 * `data:`, `//evil`, `/uploads/../`, blanks or control characters hidden in the
 * scheme — answers `undefined`, so it is shown as text, never as a link.
 */
const UPLOAD_PATH = /^\/uploads\/(?!\/)[A-Za-z0-9._\-/]+$/;
const HTTP_PREFIX = /^https?:\/\//i;
// Anything at or below space, DEL, backslash, quotes, angle brackets, backtick
// and the Unicode blanks and bidi controls a browser would strip or reorder.
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is this pattern's job
const BAD_CHARS = /[\u0000-\u0020\u007f-\u00a0\\"'<>`\u1680\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/;

export function safeHref(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '' || value.length > 512 || BAD_CHARS.test(value)) return undefined;
  if (value.startsWith('/uploads/')) {
    return UPLOAD_PATH.test(value) && !value.includes('..') && !value.includes('//') ? value : undefined;
  }
  if (!HTTP_PREFIX.test(value)) return undefined;
  try {
    const u = new URL(value);
    if ((u.protocol !== 'http:' && u.protocol !== 'https:') || !u.hostname || u.username || u.password) return undefined;
  } catch {
    return undefined;
  }
  return value;
}

/** The file name shown for an address (its last path segment). */
export function fileLabel(value: string): string {
  const path = value.split(/[?#]/)[0];
  return decodeURIComponentSafe(path.split('/').pop() || value);
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
