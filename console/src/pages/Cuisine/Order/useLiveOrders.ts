import { useEffect, useRef, useState } from 'react';
import { followOrders, type LiveEvent } from '@/services/order';

/** A short two-tone chime through Web Audio (no file to download); silent when not allowed. */
export function chime(): void {
  try {
    const Ctx =
      window.AudioContext ||
      (window as Window & { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    const ctx = new Ctx();
    [880, 1320].forEach((freq, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.15, ctx.currentTime + i * 0.18);
      gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + i * 0.18 + 0.3);
      osc.connect(gain).connect(ctx.destination);
      osc.start(ctx.currentTime + i * 0.18);
      osc.stop(ctx.currentTime + i * 0.18 + 0.32);
    });
    setTimeout(() => ctx.close(), 1000);
  } catch {
    /* no audio on this device */
  }
}

/**
 * Follows the order stream while the page is open: `onEvent` sees every event; answers whether
 * the stream is connected (the page also refreshes itself on a timer when it is not).
 */
export function useLiveOrders(onEvent: (e: LiveEvent) => void): boolean {
  const [connected, setConnected] = useState(false);
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => followOrders((e) => handler.current(e), setConnected), []);
  return connected;
}
