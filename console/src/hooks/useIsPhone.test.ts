import { describe, expect, it } from 'vitest';
import { isPhoneNow, PHONE_QUERY } from './useIsPhone';

const win = (width: number) => ({
  matchMedia: (q: string) => {
    const max = Number(/max-width:\s*([\d.]+)px/.exec(q)?.[1]);
    return { matches: width <= max, media: q } as MediaQueryList;
  },
});

describe('useIsPhone', () => {
  it('is the phone form at 390 px and the desktop form from 768 px on', () => {
    expect(PHONE_QUERY).toBe('(max-width: 767.98px)');
    expect(isPhoneNow(win(390))).toBe(true);
    expect(isPhoneNow(win(767))).toBe(true);
    expect(isPhoneNow(win(768))).toBe(false);
    expect(isPhoneNow(win(1440))).toBe(false);
  });
  it('is the desktop form where there is no window', () => {
    expect(isPhoneNow(undefined)).toBe(false);
    expect(isPhoneNow({})).toBe(false);
  });
});
