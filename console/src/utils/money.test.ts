import { describe, expect, it } from 'vitest';
import {
  applyPromotion,
  BASIS_POINTS,
  currencyDigits,
  displayMoney,
  formatMajor,
  formatPercent,
  MAX_AMOUNT,
  parseMajor,
  parsePercent,
  percentOf,
} from '@/utils/money';

describe('money: major-unit text <-> integer minor units', () => {
  it('parses decimals exactly, never through a float', () => {
    expect(parseMajor('12.35', 2)).toBe(1235); // 12.35 * 100 is 1234.9999999999998 in floats
    expect(parseMajor('0.29', 2)).toBe(29); // 0.29 * 100 = 28.999999999999996
    expect(parseMajor('1.005', 3)).toBe(1005);
    expect(parseMajor('4.35', 2)).toBe(435);
    expect(parseMajor('12.5', 2)).toBe(1250);
    expect(parseMajor('12', 2)).toBe(1200);
    expect(parseMajor('.5', 2)).toBe(50);
    expect(parseMajor('5.', 2)).toBe(500);
    expect(parseMajor(' 0.01 ', 2)).toBe(1);
    expect(parseMajor('-3.00', 2)).toBe(-300);
    expect(parseMajor('+3', 2)).toBe(300);
    expect(parseMajor('1,234.56', 2)).toBe(123456);
    expect(parseMajor('1500', 0)).toBe(1500);
    expect(parseMajor('1.234', 3)).toBe(1234);
    expect(parseMajor('0', 2)).toBe(0);
    expect(parseMajor('007.10', 2)).toBe(710);
  });

  it('refuses what the server refuses (more decimals than the currency, decimal commas, junk)', () => {
    for (const [text, digits] of [
      ['12.345', 2],
      ['12,50', 2],
      ['1.5', 0],
      ['abc', 2],
      ['', 2],
      ['.', 2],
      ['-', 2],
      ['1e3', 2],
      ['1.2.3', 2],
      ['12 50', 2],
      ['99999999999999999999', 2],
      ['1000000000.01', 2], // above MAX_AMOUNT minor units
    ] as const) {
      expect(parseMajor(text, digits), `${text}/${digits}`).toBeUndefined();
    }
    expect(parseMajor(null, 2)).toBeUndefined();
    expect(parseMajor(undefined, 2)).toBeUndefined();
    expect(parseMajor('1000000000.00', 2)).toBe(MAX_AMOUNT);
  });

  it('formats minor units with the currency digits', () => {
    expect(formatMajor(1235, 2)).toBe('12.35');
    expect(formatMajor(1250, 2)).toBe('12.50');
    expect(formatMajor(5, 2)).toBe('0.05');
    expect(formatMajor(0, 2)).toBe('0.00');
    expect(formatMajor(-305, 2)).toBe('-3.05');
    expect(formatMajor(1500, 0)).toBe('1500');
    expect(formatMajor(1234, 3)).toBe('1.234');
    expect(formatMajor(7, 3)).toBe('0.007');
    expect(formatMajor(null, 2)).toBe('');
    expect(displayMoney(123456789, 2)).toBe('1,234,567.89');
    expect(displayMoney(-100000, 0, 'JPY')).toBe('-100,000 JPY');
    expect(displayMoney(1234567, 3)).toBe('1,234.567');
  });

  it('round-trips every amount of the first 100,000 cents and of 3-digit currencies', () => {
    const bad: number[] = [];
    for (let minor = -1000; minor <= 100_000; minor += 1) {
      if (parseMajor(formatMajor(minor, 2), 2) !== minor) bad.push(minor);
    }
    for (let minor = 0; minor <= 20_000; minor += 7) {
      if (parseMajor(formatMajor(minor, 3), 3) !== minor) bad.push(minor);
      if (parseMajor(formatMajor(minor, 0), 0) !== minor) bad.push(minor);
    }
    expect(bad).toEqual([]);
    expect(parseMajor(formatMajor(MAX_AMOUNT, 2), 2)).toBe(MAX_AMOUNT);
  });

  it('knows the currency digits the server uses', () => {
    expect(currencyDigits('CNY')).toBe(2);
    expect(currencyDigits('jpy')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
    expect(currencyDigits(undefined)).toBe(2);
  });

  it('reads percentages as basis points', () => {
    expect(parsePercent('20')).toBe(2000);
    expect(parsePercent('12.5')).toBe(1250);
    expect(parsePercent('12.25')).toBe(1225);
    expect(parsePercent('0.01')).toBe(1);
    expect(parsePercent('100')).toBe(BASIS_POINTS);
    expect(parsePercent('100.01')).toBeUndefined();
    expect(parsePercent('12.345')).toBeUndefined();
    expect(parsePercent('-5')).toBeUndefined();
    expect(formatPercent(2000)).toBe('20');
    expect(formatPercent(1250)).toBe('12.5');
    expect(formatPercent(1234)).toBe('12.34');
    expect(formatPercent(5)).toBe('0.05');
  });
});

describe('promotion arithmetic matches the server (modules/cuisine/money.go)', () => {
  // the table of TestApplyPromotion in money_test.go
  const cases: [number, string, number, number | undefined, number | undefined][] = [
    [3800, 'fixed', 500, 3300, 500],
    [3800, 'fixed', 3800, 0, 3800],
    [3800, 'fixed', 0, 3800, 0],
    [3800, 'percent', 2000, 3040, 760],
    [999, 'percent', 3333, 666, 333],
    [5, 'percent', 5000, 2, 3], // 2.5 off -> 3, half up
    [1, 'percent', 4999, 1, 0],
    [1, 'percent', 5000, 0, 1],
    [12345, 'percent', 1, 12344, 1],
    [MAX_AMOUNT, 'percent', BASIS_POINTS, 0, MAX_AMOUNT],
    [MAX_AMOUNT, 'percent', 1, MAX_AMOUNT - 10_000_000, 10_000_000],
    [100, 'percent', 10001, undefined, undefined],
    [100, 'fixed', -1, undefined, undefined],
    [100, '', 10, undefined, undefined],
  ];
  it.each(cases)('%d %s %d', (original, mode, value, price, discount) => {
    const p = applyPromotion(original, mode, value);
    if (price === undefined) expect(p).toBeUndefined();
    else expect(p).toEqual({ originalPrice: original, promotionPrice: price, discount });
  });

  it('rounds the discount half up and never drifts (price + discount = original)', () => {
    const bps = [1, 5, 33, 50, 125, 333, 500, 750, 1000, 1250, 1500, 2000, 2500, 3333, 5000, 6667, 7500, 8888, 9999, 10000];
    for (let original = 0; original <= 100_000; original += 1) {
      for (const bp of bps) {
        const p = applyPromotion(original, 'percent', bp)!;
        // exact half-up with BigInt: floor((original*bp + 5000) / 10000)
        const exact = (BigInt(original) * BigInt(bp) + 5000n) / 10000n;
        if (p.promotionPrice + p.discount !== original || p.promotionPrice < 0 || BigInt(p.discount) !== exact) {
          throw new Error(`${original} at ${bp}: ${JSON.stringify(p)}, half-up discount ${exact}`);
        }
      }
    }
  });

  it('stays exact at the largest amounts', () => {
    for (const amount of [MAX_AMOUNT, MAX_AMOUNT - 1, 99_999_999_999, 12_345_678_901]) {
      for (const bp of [1, 3333, 6667, 9999]) {
        const exact = (BigInt(amount) * BigInt(bp) + 5000n) / 10000n;
        expect(BigInt(percentOf(amount, bp))).toBe(exact);
      }
    }
  });
});
