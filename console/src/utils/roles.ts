import { formatMessage } from '@/utils/intl';

/**
 * The built-in roles (modules/sys/seed.go): code -> the name the server seeds them with. Their
 * names are translated in every language (`role.<code>` in src/locales); a built-in role an
 * administrator renamed, and every role a merchant made, reads as it is named.
 */
export const BUILTIN_ROLES: Record<string, string> = {
  platform_admin: 'Platform administrator',
  platform_reviewer: 'Platform reviewer',
  merchant_admin: 'Merchant administrator',
  venue_manager: 'Venue manager',
  waiter: 'Waiter / cashier',
};

/** A role's name in the user's language. */
export function roleName(role: { code?: string; name?: string }, t: (id: string) => string = (id) => formatMessage({ id })): string {
  const seeded = role.code ? BUILTIN_ROLES[role.code] : undefined;
  if (!seeded || (role.name && role.name !== seeded)) return role.name ?? role.code ?? '';
  return t(`role.${role.code}`);
}
