import { useEffect, useRef, useState } from 'react';
import { subscribeLive, type LiveOptions, type LiveState } from '@/utils/live';

/**
 * Follows a live value (see utils/live.ts): answers `{ value, failed }`, re-rendering when it
 * changes; `onChange` runs when the value changed after the first answer (reload a list,
 * highlight a row). Components that pass the same key share one poll and always agree.
 *
 *   const { value } = useLive('process.todo', probeTodo, { onChange: () => actionRef.current?.reload() });
 */
export function useLive<T>(
  key: string | undefined,
  probe: () => Promise<T>,
  options: LiveOptions<T> & { onChange?: (value: T) => void } = {},
): LiveState<T> {
  const [state, setState] = useState<LiveState<T>>({ failed: false });
  const onChange = useRef(options.onChange);
  onChange.current = options.onChange;
  const probeRef = useRef(probe);
  probeRef.current = probe;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a key's channel takes its options once, from its first follower (see subscribeLive); a new options object each render must not resubscribe
  useEffect(() => {
    if (!key) return undefined;
    return subscribeLive<T>(
      key,
      () => probeRef.current(),
      (s, changed) => {
        setState(s);
        if (changed && s.value !== undefined) onChange.current?.(s.value);
      },
      { intervalMs: options.intervalMs, signature: options.signature },
    );
  }, [key]);
  return state;
}
