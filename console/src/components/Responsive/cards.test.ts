import { describe, expect, it } from 'vitest';
import { activeFilters, cardParts, cellValue, columnKey, filterColumns, keywordColumn } from './cards';

// the dish list's columns, as ProTable declares them
const dishColumns = [
  { key: 'images', dataIndex: 'images', search: false as const },
  { key: 'number', dataIndex: 'number' },
  { key: 'name', dataIndex: 'name' },
  { key: 'categoryId', dataIndex: 'categoryId', valueType: 'select' },
  { key: 'price', dataIndex: 'price', search: false as const },
  { key: 'specialty', dataIndex: 'specialty', hideInTable: true, valueType: 'select' },
  { key: 'sort', dataIndex: 'sort', search: false as const },
  { key: 'status', dataIndex: 'status', valueType: 'select' },
  { key: 'soldOut', dataIndex: 'soldOut', valueType: 'select' },
  { key: 'option', valueType: 'option' },
];

describe('phone cards', () => {
  it('puts name, picture and price on the card head, the sold-out switch first in the body, actions last', () => {
    const parts = cardParts(dishColumns, {
      title: 'name',
      avatar: 'images',
      extra: ['price'],
      primary: ['soldOut', 'status'],
      hide: ['sort'],
    });
    expect(parts.title?.key).toBe('name');
    expect(parts.avatar?.key).toBe('images');
    expect(parts.extra.map(columnKey)).toEqual(['price']);
    expect(parts.body.map(columnKey)).toEqual(['soldOut', 'status', 'number', 'categoryId']);
    expect(parts.actions?.key).toBe('option');
  });

  it('titles a card with the keyword column, else the first text column, without a layout', () => {
    expect(cardParts(dishColumns, {}, 'name').title?.key).toBe('name');
    expect(cardParts(dishColumns).title?.key).toBe('images');
    const parts = cardParts([{ key: 'option', valueType: 'option' }, { dataIndex: ['user', 'name'] }]);
    expect(parts.title && columnKey(parts.title)).toBe('user.name');
    expect(parts.body).toEqual([]);
  });

  it('reads values by name or path', () => {
    expect(cellValue({ a: { b: 2 } }, ['a', 'b'])).toBe(2);
    expect(cellValue({ a: null }, ['a', 'b'])).toBeUndefined();
    expect(cellValue({ name: 'Tofu' }, 'name')).toBe('Tofu');
    expect(cellValue({ name: 'Tofu' }, undefined)).toBeUndefined();
  });

  it('moves the search form into the drawer, except the keyword and what is not searchable', () => {
    expect(keywordColumn(dishColumns)).toBe('name');
    expect(keywordColumn(dishColumns, 'number')).toBe('number');
    expect(keywordColumn([{ dataIndex: 'title', valueType: 'text' }])).toBe('title');
    expect(filterColumns(dishColumns, 'name').map(columnKey)).toEqual([
      'number',
      'categoryId',
      'specialty',
      'status',
      'soldOut',
    ]);
  });

  it('counts only the filters that are set', () => {
    expect(activeFilters({ a: '', b: undefined, c: null, d: [], e: 'x', f: false, g: 0 })).toEqual({
      e: 'x',
      f: false,
      g: 0,
    });
  });
});
