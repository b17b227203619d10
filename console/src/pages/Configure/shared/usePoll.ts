import { useEffect, useRef } from 'react';

/**
 * Calls fn every `ms` while the page is visible (and once when it becomes visible again), so
 * that changes other users save reach an open page without a reload. Errors are ignored: the
 * next round tries again.
 */
export function usePoll(fn: () => Promise<unknown> | unknown, ms: number) {
  const latest = useRef(fn);
  latest.current = fn;
  useEffect(() => {
    const run = () => {
      if (document.visibilityState !== 'visible') return;
      Promise.resolve()
        .then(() => latest.current())
        .catch(() => undefined);
    };
    const timer = setInterval(run, ms);
    document.addEventListener('visibilitychange', run);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', run);
    };
  }, [ms]);
}
