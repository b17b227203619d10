/**
 * Money in the console (modules/cuisine/README.md): every amount is an integer count of the
 * currency's minor unit; `digits` is the currency's minor-unit exponent (2 for CNY/USD, 0 for
 * JPY, 3 for KWD). Forms take major-unit decimal strings ("12.35") and these helpers turn them
 * into integers by reading the digits, never through floating-point arithmetic, so '12.35'
 * is 1235 and not 1234.9999. Percentages are basis points (2000 = 20 %).
 */

/** Largest amount the server accepts (10^11 minor units); amount × 10,000 stays a safe integer. */
export const MAX_AMOUNT = 100_000_000_000;
/** 100 % in basis points. */
export const BASIS_POINTS = 10_000;

/** ISO 4217 minor-unit exponents that are not 2 (the server's table). */
const DIGITS: Record<string, number> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0,
  RWF: 0, UGX: 0, UYI: 0, VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
};

/** Decimals of a currency's major unit. */
export function currencyDigits(currency: string | undefined): number {
  if (!currency) return 2;
  return DIGITS[currency.toUpperCase()] ?? 2;
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * Reads a major-unit decimal ("12.5", "-0.30", "8", "1,234.50") into minor units, exactly.
 * Answers undefined for anything else: more decimals than the currency has (refused rather
 * than rounded), letters, a decimal comma, or an amount beyond MAX_AMOUNT.
 */
export function parseMajor(input: string | number | null | undefined, digits: number): number | undefined {
  if (input === null || input === undefined) return undefined;
  let text = String(input).trim();
  if (typeof input === 'number') {
    // A number typed into a form arrives already parsed; its shortest decimal form is what was typed.
    if (!Number.isFinite(input)) return undefined;
    text = numberToPlain(input);
  }
  let [whole, ...rest] = text.split('.');
  if (rest.length > 1) return undefined;
  if (whole.includes(',')) {
    // thousands separators only: "12,50" would be a decimal comma, refused rather than misread
    const sign = /^[+-]/.test(whole) ? whole[0] : '';
    const groups = whole.slice(sign.length).split(',');
    if (groups[0].length === 0 || groups[0].length > 3 || groups.slice(1).some((g) => g.length !== 3)) {
      return undefined;
    }
    whole = sign + groups.join('');
  }
  const match = DECIMAL.exec(rest.length ? `${whole}.${rest[0]}` : whole);
  if (!match) return undefined;
  const [, sign, intPart, fracPart = ''] = match;
  if (intPart === '' && fracPart === '') return undefined;
  if (fracPart.length > digits || intPart.length > 15) return undefined;
  const digitsText = (intPart + fracPart.padEnd(digits, '0')).replace(/^0+(?=\d)/, '');
  const value = Number(digitsText || '0');
  if (!Number.isSafeInteger(value) || value > MAX_AMOUNT) return undefined;
  return sign === '-' && value !== 0 ? -value : value;
}

/** Plain decimal text of a JS number without exponent notation (1e-7 -> "0.0000001"). */
function numberToPlain(n: number): string {
  const s = String(n);
  if (!/e/i.test(s)) return s;
  return n.toFixed(20).replace(/\.?0+$/, '');
}

/** Writes minor units as a major-unit decimal: 1235 -> "12.35", 5 -> "0.05", 7 (JPY) -> "7". */
export function formatMajor(minor: number | null | undefined, digits: number): string {
  if (minor === null || minor === undefined || !Number.isFinite(minor)) return '';
  const negative = minor < 0;
  let s = String(Math.abs(Math.trunc(minor)));
  if (digits > 0) {
    s = s.padStart(digits + 1, '0');
    s = `${s.slice(0, s.length - digits)}.${s.slice(s.length - digits)}`;
  }
  return negative ? `-${s}` : s;
}

/**
 * Minor units for display: thousands grouped ("1,234.50"), the currency's decimals, Latin digits.
 * Grouping is applied to the text of formatMajor, so no float ever touches the amount.
 */
export function displayMoney(minor: number | null | undefined, digits: number, currency?: string): string {
  const plain = formatMajor(minor, digits);
  if (!plain) return '';
  const negative = plain.startsWith('-');
  const [whole, frac] = (negative ? plain.slice(1) : plain).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = `${negative ? '-' : ''}${grouped}${frac !== undefined ? `.${frac}` : ''}`;
  return currency ? `${text} ${currency}` : text;
}

/** Integer division rounding half up (n ≥ 0, d > 0), exact for safe integers. */
function divHalfUp(n: number, d: number): number {
  const m = n + Math.floor(d / 2);
  return (m - (m % d)) / d;
}

/** amount × bp / 10,000 rounded half up to the minor unit (the server's PercentOf). */
export function percentOf(amount: number, basisPoints: number): number {
  return divHalfUp(amount * basisPoints, BASIS_POINTS);
}

export type PromotionMode = 'fixed' | 'percent';

export interface PromotionPrice {
  originalPrice: number;
  promotionPrice: number;
  discount: number;
}

/**
 * A promotion row's prices as the server computes them: the discount first, rounded half up to
 * the minor unit; the promotion price is the original less the discount (so they always add
 * up). `value` is minor units off (fixed) or basis points off (percent, 1–10,000). Undefined
 * for an unknown mode, a negative value or more than 100 %.
 */
export function applyPromotion(
  original: number,
  mode: PromotionMode | string | undefined,
  value: number | undefined,
): PromotionPrice | undefined {
  if (value === undefined || !Number.isSafeInteger(value) || value < 0 || original < 0) return undefined;
  let off: number;
  if (mode === 'fixed') off = value;
  else if (mode === 'percent') {
    if (value > BASIS_POINTS) return undefined;
    off = percentOf(original, value);
  } else return undefined;
  return { originalPrice: original, promotionPrice: original - off, discount: off };
}

/** A percentage typed in a form ("20", "12.5", "12.25") as basis points; two decimals at most. */
export function parsePercent(input: string | number | null | undefined): number | undefined {
  const bp = parseMajor(input, 2);
  if (bp === undefined || bp < 0 || bp > BASIS_POINTS) return undefined;
  return bp;
}

/** Basis points as a percentage text: 2000 -> "20", 1250 -> "12.5", 1234 -> "12.34". */
export function formatPercent(basisPoints: number | null | undefined): string {
  const s = formatMajor(basisPoints, 2);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}
