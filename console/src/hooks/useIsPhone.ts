import { useSyncExternalStore } from 'react';

/**
 * Below this width (px) staff pages switch to their phone form: lists become cards, the search
 * form folds into one box plus a filter drawer, drawers become full-screen sheets. It is antd's
 * `md` breakpoint, so `Grid.useBreakpoint().md === false` agrees with it.
 */
export const PHONE_MAX_WIDTH = 767.98;
export const PHONE_QUERY = `(max-width: ${PHONE_MAX_WIDTH}px)`;

type MediaSource = { matchMedia?: (q: string) => MediaQueryList } | undefined;

/** Whether the window is phone-sized now (false where there is no window, e.g. in tests). */
export function isPhoneNow(win: MediaSource = typeof window === 'undefined' ? undefined : window): boolean {
  return !!win?.matchMedia?.(PHONE_QUERY).matches;
}

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const mq = window.matchMedia(PHONE_QUERY);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

/**
 * True on a phone-sized window, from the first render on (a media query read synchronously,
 * not antd's breakpoint hook, which answers `{}` on the first render and would flash the
 * desktop table first). Re-renders when the window crosses the breakpoint.
 */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, () => isPhoneNow(), () => false);
}
