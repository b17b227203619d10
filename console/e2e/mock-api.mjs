/**
 * A stand-in for the Go server's core API (docs/api-core.md), for console development
 * and for exercising the browser tests without the binary: `node e2e/serve.mjs --mock`.
 * The real end-to-end run goes against `venue serve` (VENUE_E2E_URL).
 */
import { randomUUID } from 'node:crypto';

const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const ok = (result) => ({ code: 10000, msg: 'success', result });

const LANGS = [
  ['English', 'en_US'],
  ['简体中文', 'zh_CN'],
  ['日本語', 'ja_JP'],
  ['Français', 'fr_FR'],
  ['Deutsch', 'de_DE'],
  ['Español', 'es_ES'],
  ['Italiano', 'it_IT'],
  ['Português', 'pt_BR'],
  ['Русский', 'ru_RU'],
  ['Türkçe', 'tr_TR'],
  ['العربية', 'ar_EG'],
  ['עברית', 'he_IL'],
  ['Bahasa Indonesia', 'id_ID'],
  ['한국어', 'ko_KR'],
  ['ไทย', 'th_TH'],
  ['Tiếng Việt', 'vi_VN'],
];

const MENUS = [
  {
    id: 10,
    parentId: 0,
    name: 'menu.sys',
    title: 'System',
    url: '/sys',
    icon: 'SettingOutlined',
    sort: 90,
    children: [
      {
        id: 11,
        parentId: 10,
        name: 'menu.sys.user',
        title: 'Users',
        url: '/sys/user',
        icon: 'UserOutlined',
        sort: 100,
        permission: 'sys:user',
        children: [],
      },
      {
        id: 12,
        parentId: 10,
        name: 'menu.sys.role',
        title: 'Roles',
        url: '/sys/role',
        icon: 'TeamOutlined',
        sort: 90,
        permission: 'sys:role',
        children: [],
      },
    ],
  },
];

export function createMockApi() {
  const users = new Map([
    [
      'admin',
      {
        password: process.env.VENUE_E2E_ADMIN_PASSWORD || 'Admin@12345',
        info: {
          userId: 1,
          userName: 'admin',
          adminFlag: '1',
          orgName: 'Venue Platform',
          orgType: 'platform',
          mobile: '13800000000',
          roles: [],
        },
      },
    ],
    [
      'demo_waiter',
      {
        password: 'Demo@12345',
        info: {
          userId: 5,
          userName: 'demo_waiter',
          adminFlag: '0',
          orgName: 'Demo Bistro',
          orgType: 'venue',
          mobile: '13800000005',
          roles: [{ roleCode: 'waiter', permissionId: 'cuisine:order', actionList: ['query'] }],
        },
      },
    ],
  ]);
  const tokens = new Map();

  const send = (res, status, body) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const readBody = (req) =>
    new Promise((resolve) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        const type = req.headers['content-type'] || '';
        if (type.includes('application/json')) {
          try {
            resolve(JSON.parse(raw || '{}'));
          } catch {
            resolve({});
          }
        } else {
          resolve(Object.fromEntries(new URLSearchParams(raw)));
        }
      });
    });

  return async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    if (url.pathname.startsWith('/uploads/')) {
      res.writeHead(200, { 'Content-Type': 'image/png' });
      res.end(PIXEL);
      return undefined;
    }
    const p = url.pathname.replace(/^\/api/, '');
    const body = req.method === 'GET' ? {} : await readBody(req);
    const auth = (req.headers.authorization || '').replace(/^Bearer /, '');
    const who = tokens.get(auth);

    if (p === '/sys/loginMobileMcc' && body.mobile) {
      const entry = [...users].find(([, u]) => u.info.mobile === body.mobile);
      if (!entry || body.code !== '123456') {
        return send(res, 200, {
          code: 10104,
          msg: 'The SMS code is wrong or expired',
          result: null,
        });
      }
      const token = randomUUID();
      tokens.set(token, entry[0]);
      return send(res, 200, ok({ token }));
    }
    if (p === '/sys/loginMobileMcc' || p === '/sys/loginjwt') {
      const user = users.get(body.username);
      if (!user || user.password !== body.password) {
        return send(res, 200, { code: 10101, msg: 'Wrong user name or password', result: null });
      }
      const token = randomUUID();
      tokens.set(token, body.username);
      return send(
        res,
        200,
        ok({ token, expiresAt: new Date(Date.now() + 7 * 864e5).toISOString() }),
      );
    }
    if (p === '/sys/validationcode/sms/create')
      return send(res, 200, ok({ expiresIn: 300, resendAfter: 60 }));
    if (!who)
      return send(res, 401, {
        code: 40100,
        msg: 'Not logged in or the session expired',
        result: null,
      });
    const user = users.get(who);
    switch (p) {
      case '/sys/token/user':
        return send(res, 200, ok(user.info));
      case '/sys/token/user/menus':
        return send(
          res,
          200,
          ok(
            user.info.adminFlag === '1'
              ? { menus: MENUS, operationCodes: ['sys:user:add', 'sys:user:query'] }
              : { menus: [], operationCodes: ['cuisine:order:query'] },
          ),
        );
      case '/sys/logoutjwt':
        tokens.delete(auth);
        return send(res, 200, ok(null));
      case '/sys/user/updatePassword':
        if (body.oldPassword !== user.password)
          return send(res, 200, { code: 10106, msg: 'The old password is wrong', result: null });
        user.password = body.password;
        [...tokens].forEach(([t, u]) => u === who && tokens.delete(t));
        return send(res, 200, ok(null));
      case '/sys/user/updateInfo':
        Object.assign(user.info, body);
        return send(res, 200, ok(user.info));
      case '/upload/oss/aliyun/image':
        req.resume();
        return send(res, 200, ok([`/uploads/mock/${randomUUID()}.png`]));
      case '/sys/user/getNoLanguageDict':
        return send(
          res,
          200,
          ok(LANGS.map(([dictKey, dictValue], i) => ({ dictKey, dictValue, sort: i }))),
        );
      case '/sys/workbench':
        return send(
          res,
          200,
          ok({
            cards: [
              { key: 'orders', title: "Today's orders", value: 128, link: '/cuisine/order' },
              { key: 'sales', title: "Today's sales", value: 15320.5 },
              { key: 'ads', title: 'Ads awaiting review', value: 3 },
              { key: 'dishes', title: 'Dishes on sale', value: 46 },
            ],
            tasks: [
              {
                id: 1,
                title: 'Review ad "Summer menu"',
                processName: 'Ad review',
                createdAt: new Date().toISOString(),
              },
            ],
          }),
        );
      default:
        return send(res, 404, { code: 40400, msg: 'Not found', result: null });
    }
  };
}
