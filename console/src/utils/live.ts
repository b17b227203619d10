/**
 * Live values of an open page (the inbox's tasks, a list's newest rows): one short poll per
 * key, shared by every component that follows that key, so a header badge and a list that
 * follow the same key always show the same answer.
 *
 * - The probe runs at once when the first follower subscribes, then every `intervalMs`
 *   (default 5 s) while the page is visible; it pauses in a hidden tab and runs at once when
 *   the tab is shown again, the window gets the focus or the network comes back.
 * - Followers are called when the value's signature changes (default: its JSON), not on every
 *   poll; a failed probe keeps the last value, marks the channel failed and backs off (up to
 *   30 s) until a probe succeeds again.
 * - `refreshLive(key)` probes at once (after the user's own change); `publishLive(key, value)`
 *   hands the channel a value a page has just read anyway (a list's first page).
 */
export interface LiveState<T> {
  value?: T;
  /** the last probe failed (the value is the last good one) */
  failed: boolean;
}

type Listener<T> = (state: LiveState<T>, changed: boolean) => void;

interface Channel<T> {
  probe: () => Promise<T>;
  signature: (v: T) => string;
  intervalMs: number;
  state: LiveState<T>;
  sig?: string;
  listeners: Set<Listener<T>>;
  timer?: ReturnType<typeof setTimeout>;
  running: boolean;
  again: boolean;
  failures: number;
}

export interface LiveOptions<T> {
  intervalMs?: number;
  signature?: (v: T) => string;
}

export const DEFAULT_INTERVAL_MS = 5_000;
export const MAX_BACKOFF_MS = 30_000;

// biome-ignore lint/suspicious/noExplicitAny: each key's channel has its own value type, fixed by its first follower; subscribeLive reads it back as Channel<T>
const channels = new Map<string, Channel<any>>();

const visible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/** Wait before the next probe: the interval, doubled per consecutive failure, at most 30 s. */
export const nextDelay = (intervalMs: number, failures: number): number =>
  failures === 0 ? intervalMs : Math.min(MAX_BACKOFF_MS, intervalMs * 2 ** failures);

function schedule<T>(key: string, ch: Channel<T>) {
  clearTimeout(ch.timer);
  if (!ch.listeners.size) return;
  ch.timer = setTimeout(() => {
    if (visible()) void run(key, ch);
    else schedule(key, ch);
  }, nextDelay(ch.intervalMs, ch.failures));
}

function emit<T>(ch: Channel<T>, changed: boolean) {
  for (const l of [...ch.listeners]) l(ch.state, changed);
}

function accept<T>(ch: Channel<T>, value: T) {
  const sig = ch.signature(value);
  const changed = ch.sig !== undefined && sig !== ch.sig;
  const first = ch.sig === undefined;
  const wasFailed = ch.state.failed;
  ch.sig = sig;
  ch.failures = 0;
  ch.state = { value, failed: false };
  if (changed || first || wasFailed) emit(ch, changed);
}

async function run<T>(key: string, ch: Channel<T>): Promise<void> {
  if (ch.running) {
    ch.again = true;
    return;
  }
  ch.running = true;
  clearTimeout(ch.timer);
  try {
    accept(ch, await ch.probe());
  } catch {
    ch.failures += 1;
    if (!ch.state.failed) {
      ch.state = { ...ch.state, failed: true };
      emit(ch, false);
    }
  } finally {
    ch.running = false;
    if (ch.again) {
      ch.again = false;
      void run(key, ch);
    } else schedule(key, ch);
  }
}

let wired = false;
function wireWindow() {
  if (wired || typeof window === 'undefined') return;
  wired = true;
  const all = () => {
    for (const [key, ch] of channels) if (ch.listeners.size) void run(key, ch);
  };
  document.addEventListener('visibilitychange', () => visible() && all());
  window.addEventListener('focus', all);
  window.addEventListener('online', all);
}

/** Follows `key`; answers the unsubscribe function. The first follower's probe and options win. */
export function subscribeLive<T>(
  key: string,
  probe: () => Promise<T>,
  listener: Listener<T>,
  options: LiveOptions<T> = {},
): () => void {
  wireWindow();
  let ch = channels.get(key) as Channel<T> | undefined;
  if (!ch) {
    ch = {
      probe,
      signature: options.signature ?? ((v) => JSON.stringify(v)),
      intervalMs: options.intervalMs ?? DEFAULT_INTERVAL_MS,
      state: { failed: false },
      listeners: new Set(),
      running: false,
      again: false,
      failures: 0,
    };
    channels.set(key, ch);
  }
  const c = ch;
  c.listeners.add(listener);
  if (c.listeners.size === 1) void run(key, c);
  else if (c.sig !== undefined) listener(c.state, false);
  return () => {
    c.listeners.delete(listener);
    if (!c.listeners.size) {
      clearTimeout(c.timer);
      channels.delete(key);
    }
  };
}

/** Probes `key` at once (e.g. after the user approved a task). */
export function refreshLive(key: string): void {
  const ch = channels.get(key);
  if (ch?.listeners.size) void run(key, ch);
}

/** Gives `key` a value read elsewhere (followers hear it if it differs). */
export function publishLive<T>(key: string, value: T): void {
  const ch = channels.get(key) as Channel<T> | undefined;
  if (ch) accept(ch, value);
}

/** The channel's current state (tests, debugging). */
export const liveState = <T>(key: string): LiveState<T> | undefined => channels.get(key)?.state;
