/** Rules of the printer form (modules/configure: printer_rules.go). */

/** An IPv4 or IPv6 address, as the server accepts it (no zone, not 0.0.0.0). */
export function validIP(s: string): boolean {
  const v = s.trim();
  const v4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
  if (v4.test(v)) return v !== '0.0.0.0';
  if (!v.includes(':') || v.includes('%')) return false;
  try {
    // the URL parser checks an IPv6 literal's syntax
    return new URL(`http://[${v}]/`).hostname.length > 2 && v !== '::';
  } catch {
    return false;
  }
}

/** Characters of Font A a line holds: 32 on 58 mm paper, 48 on 80 mm. */
export const columns = (paperWidth: number) => (paperWidth === 58 ? 32 : 48);
