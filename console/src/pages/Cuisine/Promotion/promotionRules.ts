/**
 * Pure rules of the promotion form's rows (spec section 5), unit-tested in
 * promotionRules.test.ts beside it; they mirror modules/cuisine/promotion_rules.go.
 */
import type { PromotionMode, PromotionRowInput } from '@/services/cuisine';
import { applyPromotion, formatMajor, formatPercent, parseMajor, parsePercent } from '@/utils/money';

const norm = (s: string | undefined) => (s ?? '').trim();

export interface PromotionRowForm {
  dishId: number;
  dishName: string;
  dishNumber?: string;
  /** the dish's price before promotions (discount price when it has one, else price) */
  originalPrice: number;
  mode?: PromotionMode;
  /** as typed: major units (fixed) or a percentage (percent) */
  valueText?: string;
}

/** The value of a row as the server takes it: minor units (fixed) or basis points (percent). */
export function rowValue(row: Pick<PromotionRowForm, 'mode' | 'valueText'>, digits: number): number | undefined {
  const text = norm(row.valueText);
  if (!text) return undefined;
  if (row.mode === 'percent') return parsePercent(text);
  if (row.mode === 'fixed') return parseMajor(text, digits);
  return undefined;
}

/** The value of a saved row as the form shows it. */
export function rowValueText(mode: PromotionMode, value: number, digits: number): string {
  return mode === 'percent' ? formatPercent(value) : formatMajor(value, digits);
}

export interface RowCheck {
  /** message key, values; undefined when the row is fine */
  problem?: { key: string; values: Record<string, string | number> };
  promotionPrice?: number;
  discount?: number;
}

/**
 * One row's rules, as promotion_rules.go applies them: the mode must be set, a value entered,
 * the value a positive amount not above the original (or a percentage up to 100), and the
 * promotion price lower than the original price — each message naming the row.
 */
export function checkRow(row: PromotionRowForm, index: number, digits: number): RowCheck {
  const values = { row: index + 1, dish: row.dishName };
  if (row.mode !== 'fixed' && row.mode !== 'percent') return { problem: { key: 'cuisine.promotion.modeRequired', values } };
  if (!norm(row.valueText)) return { problem: { key: 'cuisine.promotion.valueRequired', values } };
  const value = rowValue(row, digits);
  const prices = value === undefined ? undefined : applyPromotion(row.originalPrice, row.mode, value);
  if (!prices || prices.promotionPrice < 0) return { problem: { key: 'cuisine.promotion.valueRange', values } };
  if (prices.promotionPrice >= prices.originalPrice)
    return {
      problem: { key: 'cuisine.promotion.notLower', values },
      promotionPrice: prices.promotionPrice,
      discount: prices.discount,
    };
  return { promotionPrice: prices.promotionPrice, discount: prices.discount };
}

/** All rows: 'select at least one item to save' when empty, else each row's problem by index. */
export function checkRows(
  rows: PromotionRowForm[],
  digits: number,
): { empty: boolean; problems: Map<number, { key: string; values: Record<string, string | number> }> } {
  const problems = new Map<number, { key: string; values: Record<string, string | number> }>();
  rows.forEach((row, i) => {
    const { problem } = checkRow(row, i, digits);
    if (problem) problems.set(i, problem);
  });
  return { empty: rows.length === 0, problems };
}

/** Rows as the server takes them. */
export function rowsInput(rows: PromotionRowForm[], digits: number): PromotionRowInput[] {
  return rows.map((r) => ({ dishId: r.dishId, mode: r.mode, value: rowValue(r, digits) }));
}

/** Index of the row a server field names ('rows[2].value' -> 2), else undefined. */
export function rowIndexOf(field: string): number | undefined {
  const m = /^rows\[(\d+)\]/.exec(field);
  return m ? Number(m[1]) : undefined;
}
