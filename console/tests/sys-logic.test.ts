import { describe, expect, it } from 'vitest';
import {
  badRowCount,
  childTypeOf,
  cleanLabels,
  findOrg,
  groupApis,
  importErrorRows,
  orgOptions,
  pageParams,
  parseLabels,
  prettyBody,
  rangeParams,
  splitFieldErrors,
} from '@/pages/Sys/shared/logic';
import type { ApiView, OrgNode } from '@/services/sys-admin';

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

describe('server field errors', () => {
  it('puts known fields on the form (with aliases) and returns the rest', () => {
    const split = splitFieldErrors(
      { username: 'taken', repassword: 'mismatch', roleIds: 'beyond grant' },
      ['username', 'confirm'],
      { repassword: 'confirm' },
    );
    expect(split.fields).toEqual([
      { name: 'username', errors: ['taken'] },
      { name: 'confirm', errors: ['mismatch'] },
    ]);
    expect(split.rest).toEqual(['beyond grant']);
    expect(splitFieldErrors(undefined, ['a'])).toEqual({ fields: [], rest: [] });
  });
});

const org = (id: number, type: OrgNode['type'], children: OrgNode[] = []): OrgNode =>
  ({ id, type, name: `org ${id}`, status: 1, children }) as OrgNode;

describe('organisation tree', () => {
  const tree = [org(1, 'platform', [org(2, 'merchant', [org(3, 'venue')]), org(4, 'merchant')])];

  it('builds tree-select options and finds nodes', () => {
    const options = orgOptions(tree, (n) => n.type !== 'platform');
    expect(options[0]).toMatchObject({ value: 1, title: 'org 1', disabled: true });
    expect(options[0].children![0].children![0]).toMatchObject({
      value: 3,
      type: 'venue',
      disabled: false,
    });
    expect(options[0].children![1].children).toBeUndefined();
    expect(findOrg(tree, 3)?.type).toBe('venue');
    expect(findOrg(tree, 99)).toBeUndefined();
    expect(findOrg(tree, undefined)).toBeUndefined();
  });

  it('knows what may be created below a node', () => {
    expect(childTypeOf('platform')).toBe('merchant');
    expect(childTypeOf('merchant')).toBe('venue');
    expect(childTypeOf('venue')).toBeUndefined();
  });
});

describe('interfaces', () => {
  const api = (module: string, method: string, path: string): ApiView => ({
    module,
    method,
    path,
    operation: '',
    access: 'operation',
    summary: '',
    logMode: 'auto',
    logged: false,
  });

  it('groups by module, sorted, with counts and unique keys', () => {
    const groups = groupApis([
      api('sys', 'POST', '/api/sys/user'),
      api('cuisine', 'GET', '/api/cuisine/dish'),
      api('sys', 'GET', '/api/sys/user'),
      api('sys', 'DELETE', '/api/sys/role/:id'),
    ]);
    expect(groups.map((g) => [g.module, g.count])).toEqual([
      ['cuisine', 1],
      ['sys', 3],
    ]);
    expect(groups[1].children.map((c) => c.key)).toEqual([
      'DELETE /api/sys/role/:id',
      'GET /api/sys/user',
      'POST /api/sys/user',
    ]);
    expect(groupApis([])).toEqual([]);
  });
});

describe('dictionary labels', () => {
  it('reads the stored JSON leniently', () => {
    expect(parseLabels('{"en":"Enabled","zh":"启用","ja":""}')).toEqual({
      en: 'Enabled',
      zh: '启用',
    });
    expect(parseLabels('')).toEqual({});
    expect(parseLabels('not json')).toEqual({});
    expect(parseLabels('["a"]')).toEqual({});
    expect(parseLabels(null)).toEqual({});
  });

  it('sends trimmed labels of known languages only', () => {
    expect(cleanLabels({ en: ' Open ', fr: '', xx: 'nope', ar: 'مفتوح' })).toEqual({
      en: 'Open',
      ar: 'مفتوح',
    });
    expect(cleanLabels(undefined)).toEqual({});
  });
});

describe('list parameters', () => {
  it('turns a picked range into from/to', () => {
    expect(rangeParams(['2026-11-01 08:00:00', '2026-11-02 09:30:00'])).toEqual({
      from: '2026-11-01 08:00:00',
      to: '2026-11-02 09:30:00',
    });
    expect(rangeParams(['2026-11-01', '2026-11-02'])).toEqual({
      from: '2026-11-01',
      to: '2026-11-02',
    });
    expect(rangeParams([{ format: () => '2026-01-01 00:00:00' }, null])).toEqual({
      from: '2026-01-01 00:00:00',
      to: undefined,
    });
    expect(rangeParams(undefined)).toEqual({});
  });

  it("maps ProTable's paging and drops empty filters", () => {
    expect(
      pageParams({ current: 3, pageSize: 50, username: 'ann', mobile: '', roleId: undefined }),
    ).toEqual({
      pageNo: 3,
      pageSize: 50,
      username: 'ann',
    });
    expect(pageParams({})).toEqual({ pageNo: 1, pageSize: 20 });
  });
});

describe('operation log body', () => {
  it('pretty-prints JSON, splits form bodies and keeps anything else', () => {
    expect(prettyBody('{"username":"ann","password":"***"}')).toBe(
      '{\n  "username": "ann",\n  "password": "***"\n}',
    );
    expect(prettyBody('password=%2A%2A%2A&username=admin')).toBe('password: ***\nusername: admin');
    expect(prettyBody('multipart body of 3 parts')).toBe('multipart body of 3 parts');
    expect(prettyBody('')).toBe('');
  });
});
