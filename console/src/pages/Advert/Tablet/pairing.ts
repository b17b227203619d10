/**
 * Pairing a tablet and its presence: the short code as shown, the address the QR code
 * carries, the time left on an offer. The server decides online (a playlist poll within
 * the last 2 minutes, modules/advert/pairing.go OnlineWindow); the list refreshes on its own.
 */

/** How often the tablet list refreshes while it is open (presence), in ms. */
export const PRESENCE_REFRESH_MS = 30_000;

/** "ABCD2345" -> "ABCD-2345": two groups of four are easier to read out and type. */
export const groupCode = (code: string): string =>
  code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code;

/** The pairing page address: the server's public URL when it has one, else the console's origin. */
export const pairingUrl = (offer: { url?: string; path: string }, origin: string): string =>
  offer.url || `${origin.replace(/\/+$/, '')}${offer.path}`;

/** Whole seconds until expiresAt (never below 0). */
export const secondsLeft = (expiresAt: string, now: number): number =>
  Math.max(0, Math.ceil((new Date(expiresAt).getTime() - now) / 1000));

/** 600 -> "10:00", 59 -> "0:59". */
export const countdown = (seconds: number): string =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
