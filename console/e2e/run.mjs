#!/usr/bin/env node
/**
 * Browser end-to-end tests of the console shell (issue 3), in headless Debian Chromium
 * driven by playwright-core.
 *
 *   VENUE_E2E_URL=http://127.0.0.1:18080 VENUE_E2E_ADMIN_PASSWORD=... npm run e2e
 *
 * Always against a real `venue serve` (scripts/e2e.sh starts one): there is no second,
 * hand-written API to drift from the real one.
 *
 * Prints the gzipped size of all JS a logged-out visitor loads (login page, `/`, a deep
 * link) and the time from submitting the login form to a rendered workbench.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { apiLogin, currentPassword, loginAnswer } from './_api.mjs';
import { sysTests } from './sys.mjs'; // issue 4: system administration pages
import { cspTests } from './csp.mjs'; // issue 11: the Content-Security-Policy

const here = path.dirname(fileURLToPath(import.meta.url));
const ONLY = process.env.E2E_ONLY;
const ADMIN = { user: 'admin', password: process.env.VENUE_E2E_ADMIN_PASSWORD || 'Admin@12345' };
const WAITER = {
  user: process.env.VENUE_E2E_PASSWORD_USER || 'demo_waiter',
  passwords: ['Demo@12345', 'Demo@12345x'],
};
const LOGGED_OUT_JS_BUDGET = 300 * 1024;
const shots = path.join(here, 'screenshots');

let baseUrl = process.env.VENUE_E2E_URL;
if (!baseUrl) {
  console.error('VENUE_E2E_URL is not set (scripts/e2e.sh starts a server and sets it).');
  process.exit(2);
}
baseUrl = baseUrl.replace(/\/$/, '');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-quic',
    '--no-first-run',
    '--disable-component-update',
    '--disable-sync',
  ],
});

const metrics = { loggedOutJs: [] };
const tests = [];
const test = (name, fn) => tests.push({ name, fn });

async function newPage(locale = 'en-US') {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  await context.addCookies([{ name: 'language', value: locale, url: baseUrl }]);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

async function login(page, user, password) {
  await page.goto(`${baseUrl}/user/login`);
  await page.getByPlaceholder('User name').fill(user);
  await page.getByPlaceholder('Password').fill(password);
  const started = Date.now();
  await page.getByTestId('login-submit').click();
  return started;
}

/**
 * Logs in and waits for the workbench. Answers the time from the form's submit event to
 * the greeting entering the DOM, both taken inside the page (no test-driver latency).
 */
async function loginToWorkbench(page, user = ADMIN.user, password = ADMIN.password) {
  await page.goto(`${baseUrl}/user/login`);
  await page.getByPlaceholder('User name').fill(user);
  await page.getByPlaceholder('Password').fill(password);
  await page.evaluate(() => {
    const marks = {};
    window.__venueMarks = marks;
    document.addEventListener(
      'submit',
      () => {
        marks.submit ??= performance.now();
      },
      true,
    );
    new MutationObserver(() => {
      if (marks.rendered === undefined && document.querySelector('[data-testid="greeting"]')) {
        marks.rendered = performance.now();
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByTestId('login-submit').click();
  // The first login after a cold start loads the layout's chunks; a busy machine has taken
  // over 15 s for that. The time is measured and reported, not bounded here.
  await page.getByTestId('greeting').waitFor({ timeout: 45_000 });
  const marks = await page.evaluate(() => window.__venueMarks);
  return Math.round(marks.rendered - marks.submit);
}

const tabTitles = (page) => page.locator('.venue-multitab .venue-tab-label').allInnerTexts();

async function tabCommand(page, tab, command) {
  // The menu of the previous command may still be fading out, and on a busy machine the new
  // one may still be moving in: wait for the old one to go, click in the menu that is not
  // leaving, and open the menu again when the click found nothing stable to land on.
  const open = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  const entering = page.locator(
    '.ant-dropdown:not(.ant-dropdown-hidden):not(.ant-slide-up-leave):not(.ant-slide-down-leave)',
  );
  for (let attempt = 0; ; attempt += 1) {
    for (let i = 0; i < 100 && (await open.count()) > 0; i += 1) await page.waitForTimeout(50);
    await page
      .locator(`.venue-multitab .venue-tab-label[data-tab="${tab}"]`)
      .click({ button: 'right' });
    try {
      await entering
        .getByText(command, { exact: true })
        .filter({ visible: true })
        .last()
        .click({ timeout: 5000 });
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

const menuEntry = (page, text) =>
  page.locator('.ant-menu').getByText(text, { exact: true }).filter({ visible: true }).first();

/** Clicks a menu item, opening its group first; retried while the submenu animates. */
async function openMenu(page, group, item) {
  for (let attempt = 0; attempt < 4; attempt += 1) {
    await page.waitForTimeout(250);
    if (!(await menuEntry(page, item).isVisible())) {
      await menuEntry(page, group).click();
      await page.waitForTimeout(400);
    }
    try {
      await menuEntry(page, item).click({ timeout: 3000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

// ---------------------------------------------------------------------------------

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
  test(`logged out, ${entry.path} loads at most 300 KB of gzipped JS: the login page's, no layout, bpmn-js or Formily`, async () => {
    const { context, page } = await newPage();
    const scripts = new Map();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      try {
        scripts.set(response.url(), await response.body());
      } catch {
        /* navigation raced the body; ignored */
      }
    });
    await page.goto(`${baseUrl}${entry.path}`, { waitUntil: 'networkidle' });
    await page.getByTestId('login-submit').waitFor();
    await page.waitForTimeout(500);
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
    metrics.loggedOutJs.push({ path: entry.path, files: scripts.size, gz, raw });
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

test('a wrong password shows the server message in place', async () => {
  const { context, page } = await newPage();
  // The server words a wrong password like an unknown user (never says which), so the expected
  // text is taken from an unknown user: the admin account sees one failure per run, not two.
  const { msg: expected } = await loginAnswer(baseUrl, `nobody_${Date.now()}`, 'wrong-password-1');
  assert.ok(expected, 'server answers a message for a wrong password');
  await login(page, ADMIN.user, 'wrong-password-2');
  await assert.doesNotReject(page.getByTestId('login-error').getByText(expected).waitFor());
  assert.ok(page.url().includes('/user/login'));
  await context.close();
});

test('mobile login: the send button counts down and a wrong code shows the server message', async () => {
  const { context, page } = await newPage();
  await page.goto(`${baseUrl}/user/login`);
  await page.getByRole('tab', { name: 'Mobile number' }).click();
  const mobile = `139${String(Date.now()).slice(-8)}`;
  await page.getByPlaceholder('Mobile number').fill(mobile);
  await page.getByTestId('send-code').click();
  await page
    .getByTestId('send-code')
    .getByText(/Resend in \d+ s/)
    .waitFor();
  assert.ok(
    await page.getByTestId('send-code').isDisabled(),
    'send button disabled during the countdown',
  );
  const first = Number((await page.getByTestId('send-code').innerText()).match(/\d+/)[0]);
  assert.ok(first <= 60 && first >= 55, `countdown starts at 60 (saw ${first})`);
  await page.getByPlaceholder('SMS code').fill('000000');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('login-error').waitFor();
  assert.ok((await page.getByTestId('login-error').innerText()).trim().length > 0);
  assert.ok(page.url().includes('/user/login'));
  await context.close();
});

test('auto-login without a token asks to log in again', async () => {
  const { context, page } = await newPage();
  await page.goto(`${baseUrl}/user/autologin`);
  await page.getByText('no session information, please log in again').waitFor();
  await context.close();
});

test('auto-login with a token from the URL signs in', async () => {
  const { context, page } = await newPage();
  const token = await apiLogin(baseUrl, ADMIN);
  await page.goto(
    `${baseUrl}/user/autologin?token=${encodeURIComponent(token)}&redirect=%2Faccount%2Fsettings`,
  );
  await page.waitForURL(/\/account\/settings$/);
  await page.getByLabel('User name').waitFor();
  await context.close();
});

test('no token: a protected path goes to login with redirect, and back after login', async () => {
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

test('login lands on the workbench; the login path then leads home', async () => {
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
  metrics.loginToWorkbenchSamples = samples;
  metrics.loginToWorkbenchMs = samples[1];
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

test('menu pages open as tabs that keep their state; every tab command works', async () => {
  const { context, page } = await newPage();
  await loginToWorkbench(page);
  await openMenu(page, 'Account', 'Edit info');
  await page.waitForURL(/\/account\/settings$/);
  await page.getByLabel('User name').fill('typed but not saved');
  await openMenu(page, 'Account', 'Change password');
  await page.waitForURL(/\/account\/password$/);
  assert.deepEqual(await tabTitles(page), ['Workbench', 'Edit info', 'Change password']);
  // keep-alive: the edit-info page keeps what was typed
  await page.locator('.venue-multitab .venue-tab-label[data-tab="/account/settings"]').click();
  await page.waitForURL(/\/account\/settings$/);
  assert.equal(await page.getByLabel('User name').inputValue(), 'typed but not saved');
  await page.screenshot({ path: path.join(shots, 'tabs.png') });

  await tabCommand(page, '/account/settings', 'Close tabs to the right');
  assert.deepEqual(await tabTitles(page), ['Workbench', 'Edit info']);

  await openMenu(page, 'Account', 'Change password');
  await tabCommand(page, '/account/password', 'Close tabs to the left');
  assert.deepEqual(await tabTitles(page), ['Change password']);
  await page.waitForURL(/\/account\/password$/);

  await openMenu(page, 'Account', 'Edit info');
  await tabCommand(page, '/account/password', 'Close current');
  assert.deepEqual(await tabTitles(page), ['Edit info']);

  await menuEntry(page, 'Workbench').click();
  await openMenu(page, 'Account', 'Change password');
  assert.deepEqual(await tabTitles(page), ['Edit info', 'Workbench', 'Change password']);
  await tabCommand(page, '/user/workbench', 'Close all');
  assert.deepEqual(await tabTitles(page), ['Workbench']);
  await page.waitForURL(/\/user\/workbench$/);

  // The notice shows for three seconds; on a busy machine it has come and gone unseen, so
  // the (harmless) command is given again before the test gives up.
  for (let attempt = 0; ; attempt += 1) {
    await tabCommand(page, '/user/workbench', 'Close current');
    try {
      await page
        .locator('.ant-message')
        .getByText('this is the last tab, cannot be closed')
        .waitFor({ timeout: 8000 });
      break;
    } catch (error) {
      if (attempt >= 2) throw error;
    }
  }
  assert.deepEqual(await tabTitles(page), ['Workbench']);
  await context.close();
});

test('settings drawer changes are kept in localStorage across reloads', async () => {
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

test('avatar upload checks the type first and stores the uploaded image', async () => {
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

test('a page chunk that fails to load offers a reload', async () => {
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

test('an unknown path shows the 404 page; /user leads to login', async () => {
  const { context, page } = await newPage();
  await page.goto(`${baseUrl}/no/such/page`);
  await page.waitForURL(/\/404$/);
  await page.getByText('Sorry, the page you visited does not exist.').waitFor();
  await page.goto(`${baseUrl}/user`);
  await page.waitForURL(/\/user\/login$/);
  await context.close();
});

test('switching to Arabic reloads right-to-left', async () => {
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

test('a 401 when the page loads logs out to the login page', async () => {
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

test('a 401 during use shows the server message and logs out', async () => {
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

test('Exit asks for confirmation and logs out', async () => {
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

test('changing the password sends the user back to login', async () => {
  const { context, page } = await newPage();
  const current = await currentPassword(baseUrl, WAITER.user, WAITER.passwords);
  assert.ok(current, `${WAITER.user} can log in with one of the known passwords`);
  const next = WAITER.passwords.find((p) => p !== current);
  await loginToWorkbench(page, WAITER.user, current);
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
  await loginToWorkbench(page, WAITER.user, next);
  await context.close();
});

// what each script's register function is given (each takes what it needs)
const suite = {
  test,
  browser,
  newPage,
  loginToWorkbench,
  openMenu,
  menuEntry,
  baseUrl,
  ADMIN,
  WAITER,
  shots,
};
(await import('./process.mjs')).default(suite);
(await import('./process-failure.mjs')).default(suite); // issue 11

// issue 4: system administration pages (e2e/sys.mjs)
sysTests(suite);
cspTests(suite);

(await import('./cuisine.mjs')).default(suite);
(await import('./advert.mjs')).default(suite); // issue 7: advertising
(await import('./codegen.mjs')).default(suite); // issue 18: code generation
(await import('./venue.mjs')).default(suite); // issue 13: venue configuration
(await import('./floor.mjs')).default(suite); // issue 17: phones, live inbox
(await import('./order.mjs')).default(suite); // issue 14: orders
(await import('./report.mjs')).default(suite); // issue 16: reports
(await import('./printing.mjs')).default(suite); // issue 15: print jobs, agent, virtual printer
(await import('./pairing.mjs')).default(suite); // issue 17: pairing tablets, online

// ---------------------------------------------------------------------------------

let passed = 0;
let failed = 0;
for (const { name, fn } of tests) {
  if (ONLY && !name.includes(ONLY) && !new RegExp(ONLY).test(name)) continue; // a substring or a pattern
  const started = Date.now();
  try {
    await fn();
    passed += 1;
    console.log(`  ✓ ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    failed += 1;
    console.log(
      `  ✗ ${name}\n      ${String(error?.stack || error)
        .split('\n')
        .slice(0, 30)
        .join('\n      ')}`,
    );
  }
}
await browser.close();

console.log('');
for (const { path: entry, files, gz, raw } of metrics.loggedOutJs) {
  console.log(
    `logged out, ${entry}: ${files} JS files, ${(gz / 1024).toFixed(1)} KB gzipped ` +
      `(${(raw / 1024).toFixed(1)} KB raw), budget 300 KB`,
  );
}
if (metrics.loginToWorkbenchMs !== undefined) {
  console.log(
    `login submit -> rendered workbench: ${metrics.loginToWorkbenchMs} ms median of ` +
      `${metrics.loginToWorkbenchSamples.join(', ')} ms ` +
      `(target 1500 ms: ${metrics.loginToWorkbenchMs <= 1500 ? 'met' : 'missed'})`,
  );
}
console.log(`e2e: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
