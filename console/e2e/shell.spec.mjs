/**
 * Browser tests of the console shell (issue 3): what a logged-out visitor downloads (gzipped JavaScript, asserted
 * against its budget and printed after the run), logging in (the time from submitting the form to a rendered
 * workbench is printed), the tabs, the settings drawer, the avatar, failures and logging out.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { apiLogin, apiOf, loginAnswer } from './_api.mjs';
import {
  ADMIN,
  baseUrl,
  expect,
  login,
  loginToWorkbench,
  menuEntry,
  metric,
  openMenu,
  settled,
  shots,
  tabCommand,
  tabTitles,
  test,
  trackRequests,
  unique,
  uniqueMobile,
} from './_fixtures.mjs';

const LOGGED_OUT_JS_BUDGET = 300 * 1024;

test.describe.configure({ mode: 'parallel' });

/**
 * Every way a logged-out visitor arrives (the login page, `/`, a bookmark of a menu page)
 * downloads only what the login page needs: the session check sends them to login before
 * any layout or page chunk is requested.
 */
const LOGGED_OUT_ENTRIES = [
  { path: '/user/login', lands: /\/user\/login$/ },
  { path: '/', lands: /\/user\/login$/ },
  { path: '/sys/user', lands: /\/user\/login\?redirect=%2Fsys%2Fuser$/ },
];

for (const entry of LOGGED_OUT_ENTRIES) {
  test(`logged out, ${entry.path} loads at most 300 KB of gzipped JS: the login page's, no layout, bpmn-js or Formily`, async ({ newPage }) => {
    const { context, page } = await newPage();
    const inFlight = trackRequests(page);
    const scripts = new Map();
    const reads = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      reads.push(
        response.body().then(
          (body) => scripts.set(response.url(), body),
          () => undefined, // navigation raced the body; ignored
        ),
      );
    });
    await page.goto(`${baseUrl}${entry.path}`);
    // The login form shows once the session check has sent the visitor here; from then on nothing more may be
    // fetched until they type: wait until no request is in flight and the browser is idle, then count.
    await page.getByTestId('login-submit').waitFor();
    await settled(page, inFlight);
    await Promise.all(reads);
    assert.match(page.url(), entry.lands);
    let gz = 0;
    let raw = 0;
    for (const [url, body] of scripts) {
      raw += body.length;
      gz += gzipSync(body).length;
      assert.ok(!/layouts__|\/p__(?!User__Login)/.test(url), `${entry.path} requested ${url}`);
      assert.ok(
        !/bpmn-js|bpmn-moddle|@formily/i.test(body.toString('utf8')),
        'login bundle must not contain bpmn-js or Formily',
      );
    }
    metric(
      `logged out, ${entry.path}: ${scripts.size} JS files, ${(gz / 1024).toFixed(1)} KB gzipped ` +
        `(${(raw / 1024).toFixed(1)} KB raw), budget 300 KB`,
    );
    assert.ok(
      gz <= LOGGED_OUT_JS_BUDGET,
      `${entry.path}: ${gz} bytes gzipped, budget ${LOGGED_OUT_JS_BUDGET}`,
    );
    assert.equal(await page.title(), 'Log in - Venue Platform');
    if (entry.path === '/user/login') {
      mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: path.join(shots, 'login.png') });
    }
    await context.close();
  });
}

test('a wrong password shows the server message in place', async ({ newPage }) => {
  const { context, page } = await newPage();
  // The server words a wrong password like an unknown user (never says which), so the expected
  // text is taken from an unknown user: the admin account sees one failure per run, not two.
  const { msg: expected } = await loginAnswer(baseUrl, `nobody_${unique()}`, 'wrong-password-1');
  assert.ok(expected, 'server answers a message for a wrong password');
  await login(page, ADMIN.user, 'wrong-password-2');
  await assert.doesNotReject(page.getByTestId('login-error').getByText(expected).waitFor());
  assert.ok(page.url().includes('/user/login'));
  await context.close();
});

test('mobile login: the send button counts down and a wrong code shows the server message', async ({ newPage }) => {
  const { context, page } = await newPage();
  // The page's clock is the test's: the countdown is read at its start and after one second of test time,
  // whatever the machine's load.
  await page.clock.install();
  await page.goto(`${baseUrl}/user/login`);
  await page.getByRole('tab', { name: 'Mobile number' }).click();
  const mobile = uniqueMobile();
  await page.getByPlaceholder('Mobile number').fill(mobile);
  // Paused ahead of the page's own clock, which has run on since it was installed (a fixed
  // step from the test's Date.now() fell behind it on a loaded machine: "Cannot fast-forward to the past").
  const pageNow = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(pageNow + 10_000);
  await page.getByTestId('send-code').click();
  const send = page.getByTestId('send-code');
  await expect(send, 'countdown starts at 60').toHaveText(/Resend in 60 s/);
  await expect(send, 'send button disabled during the countdown').toBeDisabled();
  await page.clock.runFor(1000);
  await expect(send).toHaveText(/Resend in 59 s/);
  await expect(send).toBeDisabled();
  await page.clock.resume();
  await page.getByPlaceholder('SMS code').fill('000000');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('login-error').waitFor();
  assert.ok((await page.getByTestId('login-error').innerText()).trim().length > 0);
  assert.ok(page.url().includes('/user/login'));
  await context.close();
});

test('auto-login without a token asks to log in again', async ({ newPage }) => {
  const { context, page } = await newPage();
  await page.goto(`${baseUrl}/user/autologin`);
  await page.getByText('no session information, please log in again').waitFor();
  await context.close();
});

test('auto-login with a token from the URL signs in', async ({ newPage }) => {
  const { context, page } = await newPage();
  const token = await apiLogin(baseUrl, ADMIN);
  await page.goto(
    `${baseUrl}/user/autologin?token=${encodeURIComponent(token)}&redirect=%2Faccount%2Fsettings`,
  );
  await page.waitForURL(/\/account\/settings$/);
  await page.getByLabel('User name').waitFor();
  await context.close();
});

test('no token: a protected path goes to login with redirect, and back after login', async ({ newPage }) => {
  const { context, page } = await newPage();
  await page.goto(`${baseUrl}/account/settings`);
  await page.waitForURL(/\/user\/login\?redirect=%2Faccount%2Fsettings/);
  await page.getByPlaceholder('User name').fill(ADMIN.user);
  await page.getByPlaceholder('Password').fill(ADMIN.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/account\/settings$/);
  await page.getByLabel('User name').waitFor();
  await context.close();
});

// The figure is taken while no other test runs (the built-in exclusive lock), so that it tells what one user
// waits, not how busy the other workers kept the machine.
test('login lands on the workbench; the login path then leads home', { lock: '-exclusive-' }, async ({ newPage }) => {
  // Three logins in fresh browser contexts; the median is reported (one busy moment of a
  // shared machine should not decide the figure).
  const samples = [];
  for (let i = 0; i < 2; i += 1) {
    const fresh = await newPage();
    samples.push(await loginToWorkbench(fresh.page));
    await fresh.context.close();
  }
  const { context, page } = await newPage();
  samples.push(await loginToWorkbench(page));
  samples.sort((a, b) => a - b);
  metric(
    `login submit -> rendered workbench: ${samples[1]} ms median of ${samples.join(', ')} ms ` +
      `(target 1500 ms: ${samples[1] <= 1500 ? 'met' : 'missed'})`,
  );
  // The figure is reported below against its 1.5 s target, never asserted: a timed assertion
  // fails on a busy machine without saying anything about the product. A broken or hanging
  // flow fails the waits above.
  assert.match(page.url(), /\/user\/workbench$/);
  assert.match(await page.getByTestId('greeting').innerText(), new RegExp(ADMIN.user));
  assert.equal(await page.title(), 'Workbench - Venue Platform');
  const cookies = await context.cookies();
  const token = cookies.find((c) => c.name === 'Access-Token');
  assert.ok(token, 'Access-Token cookie set');
  const days = (token.expires * 1000 - Date.now()) / 864e5;
  assert.ok(days > 6.9 && days <= 7.01, `token cookie kept ${days.toFixed(2)} days`);
  await page.screenshot({ path: path.join(shots, 'workbench.png') });
  await page.goto(`${baseUrl}/user/login`);
  await page.waitForURL(/\/user\/workbench$/);
  await context.close();
});

test('menu pages open as tabs that keep their state; every tab command works', async ({ newPage }) => {
  const { context, page } = await newPage();
  await loginToWorkbench(page);
  await openMenu(page, 'Account', 'Edit info');
  await page.waitForURL(/\/account\/settings$/);
  await page.getByLabel('User name').fill('typed but not saved');
  await openMenu(page, 'Account', 'Change password');
  await page.waitForURL(/\/account\/password$/);
  await expect.poll(() => tabTitles(page)).toEqual(['Workbench', 'Edit info', 'Change password']);
  // keep-alive: the edit-info page keeps what was typed
  await page.locator('.venue-multitab .venue-tab-label[data-tab="/account/settings"]').click();
  await page.waitForURL(/\/account\/settings$/);
  assert.equal(await page.getByLabel('User name').inputValue(), 'typed but not saved');
  await page.screenshot({ path: path.join(shots, 'tabs.png') });

  await tabCommand(page, '/account/settings', 'Close tabs to the right');
  await expect.poll(() => tabTitles(page)).toEqual(['Workbench', 'Edit info']);

  await openMenu(page, 'Account', 'Change password');
  await tabCommand(page, '/account/password', 'Close tabs to the left');
  await expect.poll(() => tabTitles(page)).toEqual(['Change password']);
  await page.waitForURL(/\/account\/password$/);

  await openMenu(page, 'Account', 'Edit info');
  await tabCommand(page, '/account/password', 'Close current');
  await expect.poll(() => tabTitles(page)).toEqual(['Edit info']);

  await menuEntry(page, 'Workbench').click();
  await openMenu(page, 'Account', 'Change password');
  await expect.poll(() => tabTitles(page)).toEqual(['Edit info', 'Workbench', 'Change password']);
  await tabCommand(page, '/user/workbench', 'Close all');
  await expect.poll(() => tabTitles(page)).toEqual(['Workbench']);
  await page.waitForURL(/\/user\/workbench$/);

  // The notice shows for three seconds; on a busy machine it has come and gone unseen, so
  // the (harmless) command is given again before the test gives up.
  await expect(async () => {
    await tabCommand(page, '/user/workbench', 'Close current');
    await expect(
      page.locator('.ant-message').getByText('this is the last tab, cannot be closed'),
    ).toBeVisible({ timeout: 8000 });
  }).toPass({ timeout: 60_000 });
  await expect.poll(() => tabTitles(page)).toEqual(['Workbench']);
  await context.close();
});

test('settings drawer changes are kept in localStorage across reloads', async ({ newPage }) => {
  const { context, page } = await newPage();
  await loginToWorkbench(page);
  assert.ok(await page.locator('.venue-multitab').isVisible(), 'multi-tab on by default');
  await page.getByTestId('open-settings').click();
  const drawer = page.locator('.ant-drawer-content');
  await drawer.getByText('Page settings').waitFor();
  await drawer
    .locator('.ant-list-item', { hasText: 'Multiple tabs' })
    .locator('.ant-switch')
    .click();
  await drawer.locator('.ant-radio-button-wrapper', { hasText: 'Light' }).click();
  await page.screenshot({ path: path.join(shots, 'settings.png') });
  await page.keyboard.press('Escape');
  await page.locator('.venue-multitab').waitFor({ state: 'detached' });
  await page.reload();
  await page.getByTestId('greeting').waitFor();
  assert.equal(
    await page.locator('.venue-multitab').count(),
    0,
    'multi-tab stays off after reload',
  );
  const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('venue.settings')));
  assert.equal(saved.multiTab, false);
  assert.equal(saved.theme, 'light');
  await context.close();
});

test('avatar upload checks the type first and stores the uploaded image', async ({ newPage }) => {
  const { context, page } = await newPage();
  await loginToWorkbench(page);
  await page.goto(`${baseUrl}/account/settings`);
  const input = page.locator('input[type=file]');
  await input.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await page.getByText('only jpg, jpeg, png, gif files can be uploaded').waitFor();
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.ant-avatar img')].some((i) => i.src.includes('/uploads/')),
  );
  await context.close();
});

test('a page chunk that fails to load offers a reload', async ({ newPage }) => {
  const { context, page } = await newPage();
  await loginToWorkbench(page);
  await page.route(/p__Account__Password.*\.js$/, (route) => route.abort());
  await page.getByTestId('user-menu').hover();
  await page.getByText('Modify Password', { exact: true }).click();
  await page.getByText('This page could not be loaded').waitFor();
  await page.getByRole('button', { name: 'Reload' }).waitFor();
  await page.unroute(/p__Account__Password.*\.js$/);
  await page.getByRole('button', { name: 'Reload' }).click();
  await page.getByLabel('Old password').waitFor();
  await context.close();
});

test('an unknown path shows the 404 page; /user leads to login', async ({ newPage }) => {
  const { context, page } = await newPage();
  await page.goto(`${baseUrl}/no/such/page`);
  await page.waitForURL(/\/404$/);
  await page.getByText('Sorry, the page you visited does not exist.').waitFor();
  await page.goto(`${baseUrl}/user`);
  await page.waitForURL(/\/user\/login$/);
  await context.close();
});

test('switching to Arabic reloads right-to-left', async ({ newPage }) => {
  const { context, page } = await newPage();
  await loginToWorkbench(page);
  await page.getByTestId('lang-switch').hover();
  await Promise.all([page.waitForEvent('load'), page.locator('[data-lang="ar-EG"]').click()]);
  await page.getByTestId('greeting').waitFor();
  assert.equal(await page.locator('html').getAttribute('dir'), 'rtl');
  assert.equal(await page.locator('html').getAttribute('lang'), 'ar-EG');
  assert.ok(
    (await page.locator('.ant-layout-rtl, .ant-menu-rtl, [class*="-rtl"]').count()) > 0,
    'antd renders rtl',
  );
  await page.screenshot({ path: path.join(shots, 'arabic.png') });
  const cookie = (await context.cookies()).find((c) => c.name === 'language');
  assert.equal(cookie?.value, 'ar-EG');
  await context.close();
});

test('a 401 when the page loads logs out to the login page', async ({ newPage }) => {
  const { context, page } = await newPage();
  await loginToWorkbench(page);
  await context.addCookies([{ name: 'Access-Token', value: 'forged.token.value', url: baseUrl }]);
  await page.goto(`${baseUrl}/account/settings`);
  await page.waitForURL(/\/user\/login\?redirect=%2Faccount%2Fsettings/);
  await page.locator('.ant-notification-notice').waitFor();
  const token = (await context.cookies()).find((c) => c.name === 'Access-Token');
  assert.equal(token, undefined, 'token cookie removed');
  await context.close();
});

test('a 401 during use shows the server message and logs out', async ({ newPage }) => {
  const { context, page } = await newPage();
  await loginToWorkbench(page);
  await openMenu(page, 'Account', 'Edit info');
  await page.getByLabel('User name').waitFor();
  await page.getByLabel('Mobile number').fill('13800000000');
  const forged = 'forged.token.value';
  await context.addCookies([{ name: 'Access-Token', value: forged, url: baseUrl }]);
  const res = await fetch(`${baseUrl}/api/sys/token/user`, {
    method: 'POST',
    headers: { Authorization: forged },
  });
  assert.equal(res.status, 401);
  const expected = (await res.json()).msg;
  await page.getByRole('button', { name: 'Save' }).click();
  await page.locator('.ant-notification-notice').getByText(expected).waitFor();
  await page.waitForURL(/\/user\/login\?redirect=%2Faccount%2Fsettings/);
  assert.equal(
    (await context.cookies()).find((c) => c.name === 'Access-Token'),
    undefined,
  );
  await context.close();
});

test('Exit asks for confirmation and logs out', async ({ newPage }) => {
  const { context, page } = await newPage();
  await loginToWorkbench(page);
  await page.getByTestId('user-menu').hover();
  await page.getByText('Exit', { exact: true }).click();
  await page.locator('.ant-modal-confirm-title').getByText('Exit the console?').waitFor();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
  await page.waitForURL(/\/user\/login$/, { timeout: 45_000 }); // a busy machine has taken over 15 s
  assert.equal(
    (await context.cookies()).find((c) => c.name === 'Access-Token'),
    undefined,
  );
  await page.goto(`${baseUrl}/user/workbench`);
  await page.waitForURL(/\/user\/login\?redirect=%2Fuser%2Fworkbench/);
  await context.close();
});

/**
 * A waiter of the demo venue made for this test (a password change ends all of a user's sessions, so the demo
 * waiter other tests use keeps its password): created by the administrator, with the initial password replaced
 * as its first login requires, so that it logs in like any waiter.
 */
async function newWaiter() {
  const admin = apiOf(baseUrl, await apiLogin(baseUrl, ADMIN), { currentLocale: 'en_US' });
  const tree = await admin('GET', '/sys/org/tree');
  const all = [];
  const walk = (list) =>
    list.forEach((n) => {
      all.push(n);
      walk(n.children ?? []);
    });
  walk(tree);
  const venue = all.find((n) => n.type === 'venue' && n.name === 'Demo Bistro Riverside');
  assert.ok(venue, 'the demo venue exists (venue seed --demo)');
  const roles = await admin('GET', '/sys/role?pageSize=100');
  const waiter = roles.records.find((r) => r.code === 'waiter');
  assert.ok(waiter, 'the waiter role exists');
  const user = `e2e_pw_${unique()}`;
  const initial = 'Initial@e2e1';
  const password = 'Waiter@e2e1';
  await admin('POST', '/sys/user', {
    username: user,
    mobile: uniqueMobile(),
    password: initial,
    orgId: venue.id,
    roleIds: [waiter.id],
  });
  await apiOf(baseUrl, await apiLogin(baseUrl, { user, password: initial }))('POST', '/sys/user/updatePassword', {
    oldPassword: initial,
    password,
    repassword: password,
  });
  return { user, password };
}

test('changing the password sends the user back to login', async ({ newPage }) => {
  const { user, password: current } = await newWaiter();
  const next = `${current}x`;
  const { context, page } = await newPage();
  await loginToWorkbench(page, user, current);
  await page.getByTestId('user-menu').hover();
  await page.getByText('Modify Password', { exact: true }).click();
  await page.waitForURL(/\/account\/password$/);
  await page.getByLabel('Old password').fill(current);
  await page.getByLabel('New password').fill(next);
  await page.getByLabel('Confirm password').fill(`${next}-other`);
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByText('the two passwords entered do not match').waitFor();
  await page.getByLabel('Confirm password').fill(next);
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.waitForURL(/\/user\/login$/);
  await loginToWorkbench(page, user, next);
  await context.close();
});
