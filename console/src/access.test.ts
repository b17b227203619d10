import { describe, expect, it } from 'vitest';
import access from '@/access';
import { currentUser } from '@/testing/currentUser';

/** A waiter who may query and edit orders, unless the test says otherwise. */
const user = (extra: Partial<API.CurrentUser> = {}): API.CurrentUser =>
  currentUser({
    userId: 2,
    userName: 'waiter',
    roles: [{ roleCode: 'waiter', permissionId: 'cuisine:order', actionList: ['query', 'edit'] }],
    ...extra,
  });

describe('access', () => {
  it('denies everything without a session', () => {
    const a = access(undefined);
    expect(a.isLoggedIn).toBe(false);
    expect(a.canOperate('sys:user:add')).toBe(false);
    expect(a.hasPermission('cuisine:order', 'query')).toBe(false);
  });

  it("lets adminFlag '1' pass every check", () => {
    const a = access({ currentUser: user({ adminFlag: '1', roles: [] }), operationCodes: [] });
    expect(a.isAdmin).toBe(true);
    expect(a.canOperate('sys:user:delete')).toBe(true);
    expect(a.hasPermission('advert:ad', 'disable')).toBe(true);
  });

  it('checks operation codes for everyone else', () => {
    const a = access({
      currentUser: user(),
      operationCodes: ['cuisine:order:query', 'sys:user:add'],
    });
    expect(a.isAdmin).toBe(false);
    expect(a.canOperate('sys:user:add')).toBe(true);
    expect(a.canOperate('sys:user:delete')).toBe(false);
    expect(a.canOperate('sys:user')).toBe(false);
  });

  it('checks role permissions with their action list', () => {
    const a = access({ currentUser: user(), operationCodes: [] });
    expect(a.hasPermission('cuisine:order', 'edit')).toBe(true);
    expect(a.hasPermission('cuisine:order', 'delete')).toBe(false);
    expect(a.hasPermission('cuisine:dish', 'query')).toBe(false);
  });

  it('treats adminFlag values other than the string 1 as non-admin', () => {
    const a = access({ currentUser: user({ adminFlag: 'true' }), operationCodes: [] });
    expect(a.isAdmin).toBe(false);
    expect(a.canOperate('sys:user:add')).toBe(false);
  });
});
