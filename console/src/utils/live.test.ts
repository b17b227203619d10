import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveState, nextDelay, publishLive, refreshLive, subscribeLive } from './live';

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('live values', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('probes at once, then every interval, and tells followers only about changes', async () => {
    let n = 1;
    const probe = vi.fn(async () => ({ count: n }));
    const seen: [number | undefined, boolean][] = [];
    const stop = subscribeLive('t1', probe, (s, changed) => seen.push([s.value?.count, changed]), {
      intervalMs: 1000,
    });
    await flush();
    expect(probe).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([[1, false]]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(probe).toHaveBeenCalledTimes(2);
    expect(seen).toHaveLength(1); // same value: nobody is called
    n = 2;
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen).toEqual([
      [1, false],
      [2, true],
    ]);
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(probe).toHaveBeenCalledTimes(3); // no follower, no poll
    expect(liveState('t1')).toBeUndefined();
  });

  it('shares one poll between followers of a key, and they agree', async () => {
    const probe = vi.fn(async () => 7);
    const a: number[] = [];
    const b: number[] = [];
    const stopA = subscribeLive('t2', probe, (s) => a.push(s.value!), { intervalMs: 1000 });
    await flush();
    const stopB = subscribeLive('t2', async () => -1, (s) => b.push(s.value!), { intervalMs: 1000 });
    await vi.advanceTimersByTimeAsync(3000);
    expect(probe).toHaveBeenCalledTimes(4);
    expect(a).toEqual([7]);
    expect(b).toEqual([7]);
    publishLive('t2', 8);
    expect(a).toEqual([7, 8]);
    expect(b).toEqual([7, 8]);
    stopA();
    stopB();
  });

  it('keeps the last value when a probe fails, backs off, and recovers', async () => {
    let fail = false;
    const probe = vi.fn(async () => {
      if (fail) throw new Error('offline');
      return 3;
    });
    const states: { value?: number; failed: boolean }[] = [];
    const stop = subscribeLive('t3', probe, (s) => states.push(s), { intervalMs: 1000 });
    await flush();
    fail = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(states.at(-1)).toEqual({ value: 3, failed: true });
    await vi.advanceTimersByTimeAsync(1000); // backing off: 2 s after the first failure
    expect(probe).toHaveBeenCalledTimes(2);
    fail = false;
    refreshLive('t3');
    await flush();
    expect(states.at(-1)).toEqual({ value: 3, failed: false });
    stop();
  });

  it('doubles the wait per failure up to 30 s', () => {
    expect(nextDelay(5000, 0)).toBe(5000);
    expect(nextDelay(5000, 1)).toBe(10000);
    expect(nextDelay(5000, 2)).toBe(20000);
    expect(nextDelay(5000, 5)).toBe(30000);
  });
});
