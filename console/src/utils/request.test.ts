import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const history = vi.hoisted(() => ({ push: vi.fn(), replace: vi.fn() }));
const feedback = vi.hoisted(() => ({
  error: vi.fn(),
  info: vi.fn(),
  success: vi.fn(),
  warning: vi.fn(),
  notifyError: vi.fn(),
}));
vi.mock('@umijs/max', () => ({ history }));
vi.mock('@/utils/feedback', () => ({ feedback, bindFeedback: vi.fn() }));

const cookies = new Map<string, string>();
const location = { pathname: '/sys/user', search: '?page=2', protocol: 'http:', reload: vi.fn() };
vi.stubGlobal('window', {
  location,
  localStorage: { getItem: () => null, setItem: () => undefined },
});
vi.stubGlobal('location', location);
vi.stubGlobal('document', {
  documentElement: {},
  get cookie() {
    return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  },
  set cookie(raw: string) {
    const [pair, ...attrs] = raw.split('; ');
    const [k, v] = pair.split('=');
    if (attrs.some((a) => a.startsWith('expires=Thu, 01 Jan 1970'))) cookies.delete(k);
    else cookies.set(k, v);
  },
});

const { loadLocale } = await import('@/utils/intl');
const {
  authHeaders,
  buildUrl,
  download,
  filenameFromDisposition,
  request,
  resolveError,
  CODE_MUST_CHANGE_PASSWORD,
  RequestError,
} = await import('@/utils/request');

const envelope = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

beforeAll(async () => {
  await loadLocale('en-US');
});

beforeEach(() => {
  vi.clearAllMocks();
  cookies.clear();
  cookies.set('Access-Token', 'tok');
  cookies.set('language', 'fr-FR');
});

describe('resolveError (spec section 8)', () => {
  const http = (status: number, message = '') => ({ kind: 'http' as const, status, message });
  it.each([
    [403, '/403'],
    [404, '/404'],
    [405, '/404'],
    [421, '/404'],
    [500, '/500'],
    [502, '/500'],
    [504, '/500'],
  ])('HTTP %i goes to %s', (status, path) => {
    expect(resolveError(http(status))).toEqual({ type: 'redirect', path });
  });

  it('HTTP 401 logs out with the server message, even when errors are skipped', () => {
    expect(resolveError(http(401, 'token expired'))).toEqual({
      type: 'logout',
      text: 'token expired',
    });
    expect(resolveError(http(401, 'token expired'), true)).toEqual({
      type: 'logout',
      text: 'token expired',
    });
    expect(resolveError(http(401))).toEqual({ type: 'logout', text: 'request.error.unauthorized' });
  });

  it('other HTTP errors show their message', () => {
    expect(resolveError(http(400, 'bad'))).toEqual({ type: 'message', text: 'bad' });
    expect(resolveError(http(422))).toEqual({ type: 'message', text: 'request.error.failed' });
    expect(resolveError(http(505, 'x'))).toEqual({ type: 'message', text: 'x' });
  });

  it('a list loading in place keeps server and network failures for its inline error', () => {
    expect(resolveError(http(500), false, true)).toEqual({ type: 'none' });
    expect(resolveError(http(404), false, true)).toEqual({ type: 'none' });
    expect(resolveError({ kind: 'network', message: '' }, false, true)).toEqual({ type: 'none' });
    expect(resolveError({ kind: 'timeout', message: '' }, false, true)).toEqual({ type: 'none' });
    // the session and permissions still go where they always go
    expect(resolveError(http(401, 'x'), false, true)).toEqual({ type: 'logout', text: 'x' });
    expect(resolveError(http(403), false, true)).toEqual({ type: 'redirect', path: '/403' });
    expect(resolveError({ kind: 'business', status: 200, message: 'bad filter' }, false, true)).toEqual({
      type: 'message',
      text: 'bad filter',
    });
  });

  it('a business code shows its msg unless the check option is set', () => {
    const business = { kind: 'business' as const, status: 200, message: 'name taken' };
    expect(resolveError(business)).toEqual({ type: 'message', text: 'name taken' });
    expect(resolveError(business, true)).toEqual({ type: 'none' });
  });

  it('no answer says the server does not respond', () => {
    expect(resolveError({ kind: 'network', message: '' })).toEqual({
      type: 'message',
      text: 'request.error.noResponse',
    });
    expect(resolveError({ kind: 'timeout', message: '' })).toEqual({
      type: 'message',
      text: 'request.error.noResponse',
    });
  });
});

describe('request()', () => {
  it('answers result on code 10000 and on code 0, sending the headers', async () => {
    const fetchMock = vi.fn().mockResolvedValueOnce(envelope({ code: 10000, result: { a: 1 } }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(request('/sys/token/user', { method: 'POST' })).resolves.toEqual({ a: 1 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/sys/token/user');
    expect(init.headers.Authorization).toBe('tok');
    expect(init.headers.currentLocale).toBe('fr_FR');
    fetchMock.mockResolvedValueOnce(envelope({ code: 0, result: 'zero' }));
    await expect(request('/x')).resolves.toBe('zero');
  });

  it('sends no Authorization nor currentLocale on login calls', () => {
    expect(authHeaders('/api/sys/loginjwt')).toEqual({});
    expect(authHeaders('/sys/loginMobileMcc')).toEqual({});
    expect(authHeaders('/sys/loginMobileJwt')).toEqual({});
    expect(authHeaders('/sys/token/user')).toEqual({
      Authorization: 'tok',
      currentLocale: 'fr_FR',
    });
  });

  it('shows the msg of a business error and rejects', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(envelope({ code: 10003, msg: 'Category name taken' })),
    );
    await expect(request('/merchant/category')).rejects.toBeInstanceOf(RequestError);
    expect(feedback.error).toHaveBeenCalledWith('Category name taken');
  });

  it('stays silent on a business error when skipErrorHandler is set', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(envelope({ code: 10101, msg: 'wrong password' })),
    );
    await expect(request('/sys/loginMobileMcc', { skipErrorHandler: true })).rejects.toMatchObject({
      kind: 'business',
      code: 10101,
      message: 'wrong password',
    });
    expect(feedback.error).not.toHaveBeenCalled();
  });

  it('on 401 notifies, clears the token and goes to login keeping the target', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(envelope({ code: 40100, msg: 'token revoked' }, 401)),
    );
    await expect(request('/sys/user/list', { skipErrorHandler: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(feedback.notifyError).toHaveBeenCalledWith(expect.any(String), 'token revoked');
    expect(cookies.has('Access-Token')).toBe(false);
    expect(history.replace).toHaveBeenCalledWith('/user/login?redirect=%2Fsys%2Fuser%3Fpage%3D2');
  });

  it('on 403 goes to /403 and on 500 to /500', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValueOnce(envelope({ code: 40300, msg: 'no' }, 403)),
    );
    await expect(request('/sys/role/delete')).rejects.toMatchObject({ status: 403 });
    expect(history.push).toHaveBeenCalledWith('/403');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(new Response('oops', { status: 500 })));
    await expect(request('/sys/role/list')).rejects.toMatchObject({ status: 500 });
    expect(history.push).toHaveBeenCalledWith('/500');
  });

  it('a network failure says the server does not respond', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(request('/sys/token/user')).rejects.toMatchObject({ kind: 'network' });
    expect(feedback.error).toHaveBeenCalledWith(
      'server does not respond, please contact the administrator',
    );
  });

  it('builds query strings without empty values', () => {
    expect(buildUrl('/sys/user', { pageNo: 1, name: '', x: undefined, on: true })).toBe(
      '/api/sys/user?pageNo=1&on=true',
    );
  });
});

describe('downloads', () => {
  it('reads the file name from Content-Disposition', () => {
    expect(filenameFromDisposition('attachment; filename="orders.xlsx"')).toBe('orders.xlsx');
    expect(filenameFromDisposition("attachment; filename*=UTF-8''%E8%AE%A2%E5%8D%95.xlsx")).toBe(
      '订单.xlsx',
    );
    expect(filenameFromDisposition('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(filenameFromDisposition(null)).toBeUndefined();
  });

  it('shows the msg of a JSON body instead of saving it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(envelope({ code: 10002, msg: 'nothing to export' })),
    );
    await expect(download('/merchant/order/export')).rejects.toBeInstanceOf(RequestError);
    expect(feedback.error).toHaveBeenCalledWith('nothing to export');
  });
});

describe('a password the user must replace', () => {
  it('sends them to change it, whatever the caller asked', () => {
    expect(
      resolveError({ kind: 'business', message: 'change it', code: CODE_MUST_CHANGE_PASSWORD }),
    ).toEqual({
      type: 'changePassword',
      text: 'change it',
    });
    expect(resolveError({ kind: 'business', message: 'other', code: 10001 })).toEqual({
      type: 'message',
      text: 'other',
    });
  });
});
