import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import access, { type SessionState } from '@/access';
import { currentUser } from '@/testing/currentUser';

let session: SessionState = {};
vi.mock('@umijs/max', () => ({ useAccess: () => access(session) }));

const { Access } = await import('@/components/Access');

const waiter: SessionState = {
  currentUser: currentUser({
    userId: 5,
    userName: 'waiter',
    adminFlag: '0',
    roles: [{ roleCode: 'waiter', permissionId: 'cuisine:order', actionList: ['query'] }],
  }),
  operationCodes: ['cuisine:order:query'],
};

describe('<Access>', () => {
  it('renders children the user may use', () => {
    session = waiter;
    expect(
      renderToStaticMarkup(
        <Access code="cuisine:order:query">
          <button type="button">List</button>
        </Access>,
      ),
    ).toBe('<button type="button">List</button>');
  });

  it('hides what the user may not use, or shows the fallback', () => {
    session = waiter;
    expect(
      renderToStaticMarkup(
        <Access code="sys:user:add">
          <button type="button">Add</button>
        </Access>,
      ),
    ).toBe('');
    expect(
      renderToStaticMarkup(
        <Access code="sys:user:add" fallback={<span>-</span>}>
          <button type="button">Add</button>
        </Access>,
      ),
    ).toBe('<span>-</span>');
  });

  it('disables instead of hiding in disable mode', () => {
    session = waiter;
    expect(
      renderToStaticMarkup(
        <Access code="sys:user:add" mode="disable">
          <button type="button">Add</button>
        </Access>,
      ),
    ).toBe('<button type="button" disabled="">Add</button>');
  });

  it('checks role permissions with permission + action', () => {
    session = waiter;
    expect(
      renderToStaticMarkup(
        <Access permission="cuisine:order" action="query">
          <i>q</i>
        </Access>,
      ),
    ).toBe('<i>q</i>');
    expect(
      renderToStaticMarkup(
        <Access permission="cuisine:order" action="delete">
          <i>d</i>
        </Access>,
      ),
    ).toBe('');
  });

  it('lets the administrator through', () => {
    session = {
      currentUser: currentUser({ userId: 1, userName: 'admin', adminFlag: '1' }),
      operationCodes: [],
    };
    expect(
      renderToStaticMarkup(
        <Access code="sys:user:delete">
          <button type="button">Delete</button>
        </Access>,
      ),
    ).toBe('<button type="button">Delete</button>');
  });
});
