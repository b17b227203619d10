/**
 * The time zone staff pages show times in: the user's organisation's (their venue's), from the
 * session's user info. Kept apart from utils/zone.ts so the session bootstrap (in the login
 * bundle) does not carry dayjs's zone plugins.
 */
let zone: string | undefined;

export const setStaffZone = (z?: string): void => {
  zone = z || undefined;
};

export const staffZone = (): string | undefined => zone;
