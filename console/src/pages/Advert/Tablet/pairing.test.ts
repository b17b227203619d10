import { describe, expect, it } from 'vitest';
import { countdown, groupCode, pairingUrl, secondsLeft } from './pairing';

describe('tablet pairing', () => {
  it('shows the code in two groups of four', () => {
    expect(groupCode('ABCD2345')).toBe('ABCD-2345');
    expect(groupCode('ABC')).toBe('ABC');
  });

  it('prefers the server public URL, else the console origin', () => {
    const path = '/tablet/pair?code=ABCD2345';
    expect(
      pairingUrl(
        { url: 'https://order.example.com/tablet/pair?code=ABCD2345', path },
        'http://localhost:8080',
      ),
    ).toBe('https://order.example.com/tablet/pair?code=ABCD2345');
    expect(pairingUrl({ url: '', path }, 'http://localhost:8080/')).toBe(
      'http://localhost:8080/tablet/pair?code=ABCD2345',
    );
  });

  it('counts the offer down to zero and no further', () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    expect(secondsLeft('2026-11-26T10:10:00Z', now)).toBe(600);
    expect(secondsLeft('2026-11-26T10:00:00.400Z', now)).toBe(1);
    expect(secondsLeft('2026-11-26T09:59:00Z', now)).toBe(0);
    expect(countdown(600)).toBe('10:00');
    expect(countdown(59)).toBe('0:59');
    expect(countdown(0)).toBe('0:00');
  });
});
