import { describe, expect, it } from 'vitest';
import {
  checkRow,
  checkRows,
  rowIndexOf,
  rowsInput,
  type PromotionRowForm,
} from './promotionRules';

describe('promotion rows', () => {
  const row = (patch: Partial<PromotionRowForm>): PromotionRowForm => ({
    dishId: 1,
    dishName: 'Dumplings',
    originalPrice: 3800,
    mode: 'percent',
    valueText: '20',
    ...patch,
  });

  it('computes the promotion price and discount like the server', () => {
    expect(checkRow(row({}), 0, 2)).toEqual({ promotionPrice: 3040, discount: 760 });
    expect(checkRow(row({ originalPrice: 999, valueText: '33.33' }), 0, 2)).toEqual({ promotionPrice: 666, discount: 333 });
    expect(checkRow(row({ mode: 'fixed', valueText: '5' }), 0, 2)).toEqual({ promotionPrice: 3300, discount: 500 });
    expect(checkRow(row({ mode: 'fixed', valueText: '500', originalPrice: 3800 }), 0, 0)).toEqual({
      promotionPrice: 3300,
      discount: 500,
    });
  });

  it('names the row: mode, value, and a promotion price lower than the original', () => {
    expect(checkRow(row({ mode: undefined }), 2, 2).problem).toEqual({
      key: 'cuisine.promotion.modeRequired',
      values: { row: 3, dish: 'Dumplings' },
    });
    expect(checkRow(row({ valueText: ' ' }), 0, 2).problem?.key).toBe('cuisine.promotion.valueRequired');
    expect(checkRow(row({ valueText: '101' }), 0, 2).problem?.key).toBe('cuisine.promotion.valueRange');
    expect(checkRow(row({ mode: 'fixed', valueText: '38.01' }), 0, 2).problem?.key).toBe('cuisine.promotion.valueRange');
    expect(checkRow(row({ mode: 'fixed', valueText: '1.001' }), 0, 2).problem?.key).toBe('cuisine.promotion.valueRange');
    // 0 off, or a share that rounds to 0 off, is not lower: the spec's message naming the row
    expect(checkRow(row({ mode: 'fixed', valueText: '0' }), 4, 2).problem).toEqual({
      key: 'cuisine.promotion.notLower',
      values: { row: 5, dish: 'Dumplings' },
    });
    expect(checkRow(row({ originalPrice: 1, valueText: '49.99' }), 0, 2).problem?.key).toBe('cuisine.promotion.notLower');
    expect(checkRow(row({ originalPrice: 1, valueText: '50' }), 0, 2).problem).toBeUndefined();
  });

  it('select at least one item to save', () => {
    expect(checkRows([], 2).empty).toBe(true);
    const result = checkRows([row({}), row({ dishId: 2, valueText: '0' })], 2);
    expect(result.empty).toBe(false);
    expect([...result.problems.keys()]).toEqual([1]);
  });

  it('sends values in minor units or basis points and finds rows named by the server', () => {
    expect(rowsInput([row({}), row({ dishId: 2, mode: 'fixed', valueText: '12.35' })], 2)).toEqual([
      { dishId: 1, mode: 'percent', value: 2000 },
      { dishId: 2, mode: 'fixed', value: 1235 },
    ]);
    expect(rowIndexOf('rows[3].dishId')).toBe(3);
    expect(rowIndexOf('name')).toBeUndefined();
  });
});
