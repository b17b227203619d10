/** The operation log page's filters and how it shows a stored body. */

/**
 * The body as stored (masked by the server): JSON pretty-printed, a form-urlencoded body
 * one field a line, anything else as it is.
 */
export function prettyBody(body: string): string {
  if (!body) return '';
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    /* not JSON */
  }
  if (/^[\w.%-]+=[^\s]*(&[\w.%-]+=[^\s]*)*$/.test(body)) {
    try {
      return [...new URLSearchParams(body).entries()].map(([k, v]) => `${k}: ${v}`).join('\n');
    } catch {
      return body;
    }
  }
  return body;
}

/** A picked time range as the log filter's from/to (the server's YYYY-MM-DD HH:mm:ss). */
export function rangeParams(range: unknown): { from?: string; to?: string } {
  if (!Array.isArray(range) || range.length !== 2) return {};
  const norm = (v: unknown): string | undefined => {
    if (!v) return undefined;
    if (typeof v === 'string') return v.length === 10 ? v : v.slice(0, 19).replace('T', ' ');
    const d = v as { format?: (f: string) => string };
    return typeof d.format === 'function' ? d.format('YYYY-MM-DD HH:mm:ss') : undefined;
  };
  return { from: norm(range[0]), to: norm(range[1]) };
}
