import { describe, expect, it, vi } from 'vitest';
import { pageParams, sortParam, tableFilters, tableRequest } from './table';

describe('ProTable requests', () => {
  it("maps ProTable's paging and drops empty filters", () => {
    expect(
      pageParams({ current: 3, pageSize: 50, username: 'ann', mobile: '', roleId: undefined }),
    ).toEqual({ username: 'ann', pageNo: 3, pageSize: 50 });
    expect(pageParams({})).toEqual({ pageNo: 1, pageSize: 20 });
    expect(tableFilters({ current: 1, a: 0, b: null, c: false })).toEqual({ a: 0, c: false });
  });

  it('sorts by the first sorted column', () => {
    expect(sortParam({ createdAt: 'ascend' })).toBe('createdAt,asc');
    expect(sortParam({ sort: null, price: 'descend' })).toBe('price,desc');
    expect(sortParam({})).toBeUndefined();
    expect(sortParam(undefined)).toBeUndefined();
  });

  it('calls the list with the server query and answers the rows', async () => {
    const list = vi.fn().mockResolvedValue({ records: [{ id: 1 }], total: 41 });
    const onPage = vi.fn();
    const request = tableRequest(list, { onPage });
    const answer = await request({ current: 2, pageSize: 20, name: 'tea', status: '' }, {
      createdAt: 'descend',
    });
    const sent = { name: 'tea', pageNo: 2, pageSize: 20, sort: 'createdAt,desc' };
    expect(list).toHaveBeenCalledWith(sent);
    expect(onPage).toHaveBeenCalledWith({ records: [{ id: 1 }], total: 41 }, sent);
    expect(answer).toEqual({ data: [{ id: 1 }], total: 41, success: true });
  });

  it('lets a page pick and rename its filters', async () => {
    const list = vi.fn().mockResolvedValue({ records: [], total: 0 });
    await tableRequest(list, { query: (p) => ({ keyword: p.name }) })({
      current: 1,
      pageSize: 10,
      name: 'x',
      other: 'dropped',
    });
    expect(list).toHaveBeenCalledWith({ keyword: 'x', pageNo: 1, pageSize: 10 });
  });
});
