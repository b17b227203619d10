import { describe, expect, it } from 'vitest';
import { groupApis } from './groups';
import type { ApiView } from '@/services/sys-admin';

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
