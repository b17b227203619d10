/** Rules of the tablet button form (modules/configure: button_rules.go). */
import type { ButtonFunction, CallIcon } from '@/services/configure';

export const CALL_KEYS = ['waiter', 'water', 'bill', 'cutlery', 'napkins', 'baby_chair', 'custom'];
export const MAX_CALL_ICONS = 8;
export const MAX_NAME = 32;

export const isLink = (fn: ButtonFunction) => fn === 'link1' || fn === 'link2';

/** A link a guest may follow: an absolute http or https URL. */
export function validLink(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.host;
  } catch {
    return false;
  }
}

/** Names with blank entries dropped and the rest trimmed. */
export function cleanNames(names: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(names)
      .map(([k, v]) => [k, (v ?? '').trim()] as const)
      .filter(([, v]) => v !== ''),
  );
}

/** The name to show in a language: that language's, else English, else any. */
export function nameIn(names: Record<string, string>, code: string): string {
  return names[code] || names.en_US || Object.values(names)[0] || '';
}

/** Problems of a button before it is sent, as message keys. */
export function buttonProblems(
  fn: ButtonFunction,
  b: { names: Record<string, string>; link: string; enabled: boolean; callIcons: CallIcon[] },
): string[] {
  const out: string[] = [];
  const names = cleanNames(b.names);
  if (Object.keys(names).length === 0) out.push('configure.button.nameRequired');
  if (Object.values(names).some((n) => [...n].length > MAX_NAME))
    out.push('configure.button.nameTooLong');
  if (isLink(fn)) {
    if (b.enabled && !b.link.trim()) out.push('configure.button.linkRequired');
    else if (b.link.trim() && !validLink(b.link.trim())) out.push('configure.button.linkFormat');
  }
  if (fn === 'call_service') {
    if (b.callIcons.length === 0) out.push('configure.button.callIconsRequired');
    if (b.callIcons.some((c) => Object.keys(cleanNames(c.names)).length === 0))
      out.push('configure.button.callIconName');
  }
  return out;
}
