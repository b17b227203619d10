import { useRef, useState } from 'react';

/**
 * A search run as the user types: `search(keyword)` waits until typing pauses (250 ms; a newer
 * keystroke replaces the waiting one), then runs `find` with the trimmed keyword; `run` runs it at
 * once; `cancel` drops the waiting one. `loading` is set while find runs. A failed find changes
 * nothing here (the request layer shows the server's message).
 */
export function useDebouncedSearch(find: (keyword: string) => Promise<unknown>, delay = 250) {
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const run = async (keyword: string) => {
    setLoading(true);
    try {
      await find(keyword);
    } catch {
      /* shown by the request layer, or not this user's to see */
    } finally {
      setLoading(false);
    }
  };
  const cancel = () => clearTimeout(timer.current);
  const search = (keyword: string) => {
    cancel();
    timer.current = setTimeout(() => run(keyword.trim()), delay);
  };
  return { loading, search, run, cancel };
}
