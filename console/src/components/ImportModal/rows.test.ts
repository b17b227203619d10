import { describe, expect, it } from 'vitest';
import { badRowCount, importErrorRows } from './rows';

describe('import error table', () => {
  const columns = ['username', 'mobile', 'realName', 'email', 'orgId', 'roles', 'password'];

  it('sorts by row, then by the file column order, and merges the row cells', () => {
    const rows = importErrorRows(
      [
        { row: 4, field: 'roles', message: 'unknown role' },
        { row: 3, field: 'password', message: 'too short' },
        { row: 3, field: 'mobile', message: 'taken' },
        { row: 4, field: '', message: 'whole row' },
        { row: 3, field: 'username', message: 'required' },
      ],
      columns,
    );
    expect(rows.map((r) => [r.row, r.field, r.rowSpan])).toEqual([
      [3, 'username', 3],
      [3, 'mobile', 0],
      [3, 'password', 0],
      [4, 'roles', 2],
      [4, '', 0],
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(5);
  });

  it('keeps the server order for fields it does not know', () => {
    const rows = importErrorRows([
      { row: 2, field: 'b', message: '1' },
      { row: 2, field: 'a', message: '2' },
    ]);
    expect(rows.map((r) => r.field)).toEqual(['b', 'a']);
    expect(rows[0].rowSpan).toBe(2);
  });

  it('counts distinct bad rows', () => {
    expect(
      badRowCount([
        { row: 2, field: 'a', message: '' },
        { row: 2, field: 'b', message: '' },
        { row: 9, field: 'a', message: '' },
      ]),
    ).toBe(2);
    expect(importErrorRows([])).toEqual([]);
  });
});
