/**
 * Browser tests of the system administration pages (issue 4).
 * They need the real server with the demo seed (`venue seed --demo`): demo_admin is the
 * demo merchant's administrator; every run creates its own users and roles (unique names),
 * so a server that was not re-seeded works too.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { apiLogin, loginAnswer } from './_api.mjs';
import {
  ADMIN,
  baseUrl,
  expect,
  loginToWorkbench,
  menuEntry,
  shots,
  test,
  unique,
  uniqueMobile,
} from './_fixtures.mjs';

const DEMO_PASSWORD = 'Demo@12345';
const NEW_PASSWORD = 'Sys@e2e12345';
const CHANGED_PASSWORD = 'Sys@e2e12345x';

/** A tiny stored (uncompressed) zip, enough for an .xlsx. */
function zip(files) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text, 'utf8');
    const nameBuf = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    locals.push(local, nameBuf, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBuf);
    offset += 30 + nameBuf.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const esc = (s) =>
  String(s)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** A one-sheet .xlsx of the given rows (inline strings). */
export function xlsx(rows) {
  const col = (i) => String.fromCharCode(65 + i);
  const sheetRows = rows
    .map(
      (cells, r) =>
        `<row r="${r + 1}">${cells
          .map(
            (v, c) =>
              `<c r="${col(c)}${r + 1}" t="inlineStr"><is><t xml:space="preserve">${esc(v)}</t></is></c>`,
          )
          .join('')}</row>`,
    )
    .join('');
  const ns = 'http://schemas.openxmlformats.org';
  return zip({
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="users" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
  });
}

const base = () => baseUrl;
const stamp = unique();

test.describe.configure({ mode: 'parallel' });

async function api(token, method, url, body) {
  const res = await fetch(`${base()}/api${url}`, {
    method,
    headers: { Authorization: token, 'Content-Type': 'application/json', currentLocale: 'en_US' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  return json;
}

/** The last SMS code the server's log sender wrote for this mobile number (scripts/e2e.sh names the log). */
function smsCodeFromLog(serveLog, mobile) {
  const text = fs.readFileSync(serveLog, 'utf8');
  return [...text.matchAll(new RegExp(`"mobile":"${mobile}","code":"(\\d{6})"`, 'g'))].at(-1)?.[1];
}

/** Polls a condition every 250 ms for at most 30 s (what the server does after answering). */
const POLL = { intervals: [250], timeout: 30_000 };

async function demoOrgs(token) {
  const tree = (await api(token, 'GET', '/sys/org/tree')).result;
  const all = [];
  const walk = (list) =>
    list.forEach((n) => {
      all.push(n);
      walk(n.children ?? []);
    });
  walk(tree);
  const merchant = all.find((n) => n.type === 'merchant' && n.name === 'Demo Bistro');
  const venue = all.find((n) => n.type === 'venue' && n.parentId === merchant?.id);
  assert.ok(merchant && venue, 'the demo merchant and its venue exist (venue seed --demo)');
  return { merchant, venue };
}

/** Opens a ProTable page and waits for its first answer. */
async function openPage(page, url, testId) {
  await page.goto(`${base()}${url}`);
  await page.getByTestId(testId).waitFor();
  await page.locator(`[data-testid="${testId}"] .ant-table-tbody`).first().waitFor();
}

/** Picks an option of the antd select inside a form item (by the item's label). */
async function pick(page, scope, label, option) {
  const item = scope.locator('.ant-form-item').filter({ hasText: label }).first();
  await item.locator('.ant-select-selector').click();
  await item.locator('input').first().fill(option);
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await dropdown
    .locator('.ant-select-item-option, .ant-select-tree-node-content-wrapper')
    .filter({ hasText: option })
    .first()
    .click();
  // a multiple select keeps its list open over the form: close it by clicking elsewhere
  await scope.locator('.ant-modal-title').click();
  await dropdown.waitFor({ state: 'hidden' });
}

/** Opens the System group of the side menu (null when the user has none); its entries are then shown. */
async function systemMenu(page) {
  if ((await menuEntry(page, 'System').count()) === 0) return null;
  const users = menuEntry(page, 'Users');
  if (!(await users.isVisible())) await menuEntry(page, 'System').click();
  await expect(users).toBeVisible();
  return page.locator('.ant-menu').first();
}

test('sys: admin creates a waiter; the waiter sees no System menu; a merchant admin sees Users but not Menus', async ({ newPage }) => {
  const username = `e2e_waiter_${stamp}`;
  const { context, page } = await newPage();
  await loginToWorkbench(page);
  await openPage(page, '/sys/user', 'sys-user-page');
  await page.getByTestId('user-add').click();
  const modal = page.locator('.ant-modal').filter({ hasText: 'New user' });
  await modal.getByLabel('User name').fill(username);
  await modal.getByLabel('Mobile number').fill(uniqueMobile());
  await modal.getByLabel('Full name').fill('E2E Waiter');
  await modal.getByLabel('Initial password').fill(NEW_PASSWORD);
  await pick(page, modal, 'Organisation', 'Demo Bistro Riverside');
  await pick(page, modal, 'Roles', 'Waiter / cashier');
  // a taken user name: the server's validation error sits on the field
  await modal.getByLabel('User name').fill('demo_admin');
  await modal.getByRole('button', { name: 'Save' }).click();
  const nameItem = modal.locator('.ant-form-item').filter({ hasText: 'User name' }).first();
  await nameItem.locator('.ant-form-item-explain-error').waitFor();
  assert.match(await nameItem.locator('.ant-form-item-explain-error').innerText(), /in use/i);
  await modal.getByLabel('User name').fill(username);
  await modal.getByRole('button', { name: 'Save' }).click();
  await page.locator('.ant-message').getByText('Created successfully').waitFor();
  await modal.waitFor({ state: 'hidden' });
  await page
    .getByTestId('sys-user-page')
    .locator('.ant-table-row')
    .filter({ hasText: username })
    .waitFor();
  await page.screenshot({ path: path.join(shots, 'sys-users.png') });
  await context.close();

  // the new waiter: no System menu, and the users page is forbidden
  // an initial password an administrator typed must be replaced at the first login
  const waiter = await newPage();
  await waiter.page.goto(`${base()}/user/login`);
  await waiter.page.getByPlaceholder('User name').fill(username);
  await waiter.page.getByPlaceholder('Password').fill(NEW_PASSWORD);
  await waiter.page.getByTestId('login-submit').click();
  await waiter.page.waitForURL(/\/account\/password$/);
  await waiter.page.getByLabel('Old password').fill(NEW_PASSWORD);
  await waiter.page.getByLabel('New password').fill(`${NEW_PASSWORD}x`);
  await waiter.page.getByLabel('Confirm password').fill(`${NEW_PASSWORD}x`);
  await waiter.page.getByRole('button', { name: 'Change password' }).click();
  await waiter.page.waitForURL(/\/user\/login$/);
  await loginToWorkbench(waiter.page, username, `${NEW_PASSWORD}x`);
  await menuEntry(waiter.page, 'Workbench').waitFor();
  assert.equal(await menuEntry(waiter.page, 'System').count(), 0, 'a waiter has no System menu');
  assert.equal(await menuEntry(waiter.page, 'Users').count(), 0);
  await waiter.page.goto(`${base()}/sys/user`);
  await waiter.page.waitForURL(/\/403$/);
  await waiter.context.close();

  // the merchant administrator: Users (with its buttons) but not Menus; read-only areas
  const merchant = await newPage();
  await loginToWorkbench(merchant.page, 'demo_admin', DEMO_PASSWORD);
  const menu = await systemMenu(merchant.page);
  assert.ok(menu, 'a merchant administrator has the System menu');
  await menuEntry(merchant.page, 'Users').waitFor();
  assert.equal(await menuEntry(merchant.page, 'Menus').count(), 0, 'no Menus for a merchant');
  assert.equal(await menuEntry(merchant.page, 'Interfaces').count(), 0);
  await menuEntry(merchant.page, 'Users').click();
  await merchant.page.waitForURL(/\/sys\/user$/);
  await merchant.page.getByTestId('user-add').waitFor();
  // the merchant sees its own users only
  const rows = merchant.page.getByTestId('sys-user-page').locator('.ant-table-row');
  await rows.filter({ hasText: username }).waitFor();
  assert.equal(await rows.filter({ hasText: 'demo_reviewer' }).count(), 0);
  await merchant.page.goto(`${base()}/sys/area`);
  await merchant.page.getByTestId('sys-area-page').waitFor();
  await merchant.page.locator('[data-area="CN"]').waitFor();
  assert.equal(await merchant.page.getByTestId('area-import').count(), 0, 'areas are read-only');
  await merchant.page.goto(`${base()}/sys/menu`);
  await merchant.page.waitForURL(/\/403$/);
  await merchant.context.close();
});

test('sys: the user list finds a word inside a name, in any case and in Chinese (issue 17)', async ({ newPage }) => {
  const admin = await apiLogin(base(), ADMIN);
  const { merchant } = await demoOrgs(admin);
  const username = `e2e_search_${stamp}`;
  const created = await api(admin, 'POST', '/sys/user', {
    username,
    realName: `Mapo Tofu 麻婆${stamp}`,
    mobile: uniqueMobile(),
    orgId: merchant.id,
  });
  assert.equal(created.code, 10000, created.msg);
  const { context, page } = await newPage();
  await loginToWorkbench(page);
  await openPage(page, '/sys/user', 'sys-user-page');
  const listPage = page.getByTestId('sys-user-page');
  const field = listPage.locator('.ant-pro-query-filter').getByLabel('User name');
  const rows = listPage.locator('.ant-table-row');
  // inside the real name, upper case; inside the Chinese part; inside the user name
  for (const text of [`PO TOFU 麻婆${stamp}`, `婆${stamp}`, `SEARCH_${stamp}`]) {
    const answered = page.waitForResponse(
      (r) =>
        r.url().includes('/api/sys/user?') &&
        new URL(r.url()).searchParams.get('username') === text,
    );
    await field.fill(text);
    await field.press('Enter');
    const body = await (await answered).json();
    assert.equal(body.result.total, 1, `${text}: ${body.result.total} users`);
    assert.equal(body.result.records[0].username, username);
    await rows.filter({ hasText: username }).waitFor();
  }
  await page.screenshot({ path: path.join(shots, 'sys-users-search-inside.png') });
  // '%' is a character, not a wildcard
  const none = page.waitForResponse(
    (r) =>
      r.url().includes('/api/sys/user?') &&
      new URL(r.url()).searchParams.get('username') === `Mapo%${stamp}`,
  );
  await field.fill(`Mapo%${stamp}`);
  await field.press('Enter');
  assert.equal((await (await none).json()).result.total, 0);
  await context.close();
});

test('sys: a role grant change shows in menus and buttons at the next login', async ({ newPage }) => {
  const admin = await apiLogin(base(), ADMIN);
  const { merchant } = await demoOrgs(admin);
  const code = `e2e_role_${stamp}`;
  const role = await api(admin, 'POST', '/sys/role', {
    name: `E2E role ${stamp}`,
    code,
    dataScope: 'merchant',
  });
  assert.equal(role.code, 10000, role.msg);
  const username = `e2e_granted_${stamp}`;
  const user = await api(admin, 'POST', '/sys/user', {
    username,
    mobile: uniqueMobile(),
    password: NEW_PASSWORD,
    orgId: merchant.id,
    roleIds: [role.result.id],
  });
  assert.equal(user.code, 10000, user.msg);
  // a user created by an administrator must change the password before using the API
  const own = await apiLogin(base(), { user: username, password: NEW_PASSWORD });
  const changed = await api(own, 'POST', '/sys/user/updatePassword', {
    oldPassword: NEW_PASSWORD,
    password: CHANGED_PASSWORD,
    repassword: CHANGED_PASSWORD,
  });
  assert.equal(changed.code, 10000, changed.msg);
  const tree = (await api(admin, 'GET', '/sys/menu/tree')).result;
  const find = (list) =>
    list.flatMap((n) => (n.url === '/sys/user' ? [n] : find(n.children ?? [])));
  const usersMenu = find(tree)[0];
  assert.ok(usersMenu, 'the /sys/user menu exists');

  // before any grant: no System menu
  const before = await newPage();
  await loginToWorkbench(before.page, username, CHANGED_PASSWORD);
  await menuEntry(before.page, 'Workbench').waitFor();
  assert.equal(await menuEntry(before.page, 'System').count(), 0);
  await before.context.close();

  const grant = async (actions) => {
    const { context, page } = await newPage();
    await loginToWorkbench(page);
    await openPage(page, '/sys/role', 'sys-role-page');
    await page.getByTestId(`role-grant-${code}`).click();
    const drawer = page.locator('.ant-drawer-content');
    await drawer.locator(`[data-grant="a:${usersMenu.id}:query"]`).waitFor();
    for (const action of actions) {
      const node = drawer
        .locator('.ant-tree-treenode')
        .filter({ has: page.locator(`[data-grant="a:${usersMenu.id}:${action}"]`) });
      await node.locator('.ant-tree-checkbox').click();
      await node.locator('.ant-tree-checkbox-checked').waitFor();
    }
    await page.screenshot({ path: path.join(shots, 'sys-role-grants.png') });
    await page.getByTestId('grant-save').click();
    await page.locator('.ant-message').getByText('Modify Succeed').waitFor();
    await context.close();
  };

  // grant the users list only: Users appears, without the New user button
  await grant(['query']);
  const first = await newPage();
  await loginToWorkbench(first.page, username, CHANGED_PASSWORD);
  assert.ok(await systemMenu(first.page), 'System appears after the grant');
  await menuEntry(first.page, 'Users').click();
  await first.page.waitForURL(/\/sys\/user$/);
  await first.page.locator('[data-testid="sys-user-page"] .ant-table-row').first().waitFor();
  assert.equal(
    await first.page.getByTestId('user-add').count(),
    0,
    'no add without sys:user:add',
  );
  assert.equal(await first.page.getByTestId('user-export').count(), 0);
  await first.context.close();

  // grant add as well: the button appears at the next login
  await grant(['add']);
  const second = await newPage();
  await loginToWorkbench(second.page, username, CHANGED_PASSWORD);
  await second.page.goto(`${base()}/sys/user`);
  await second.page.getByTestId('user-add').waitFor();
  assert.equal(await second.page.getByTestId('user-import').count(), 0);
  await second.context.close();
});

test('sys: a user import with a bad row lists the row error and writes nothing', async ({ newPage }) => {
  const admin = await apiLogin(base(), ADMIN);
  const { venue } = await demoOrgs(admin);
  const good = `e2e_import_ok_${stamp}`;
  const file = xlsx([
    [
      'User name *',
      'Mobile phone number *',
      'Full name',
      'Email',
      'Organisation *',
      'Roles',
      'Password *',
    ],
    [good, uniqueMobile(), 'Import OK', '', String(venue.id), 'waiter', NEW_PASSWORD],
    [
      `e2e_import_bad_${stamp}`,
      'not-a-phone',
      'Import Bad',
      '',
      String(venue.id),
      'waiter',
      NEW_PASSWORD,
    ],
  ]);
  const { context, page } = await newPage();
  await loginToWorkbench(page);
  await openPage(page, '/sys/user', 'sys-user-page');
  await page.getByTestId('user-import').click();
  const modal = page.locator('.ant-modal').filter({ hasText: 'Import users' });
  await modal.getByTestId('import-template').waitFor();
  await modal.locator('input[type=file]').setInputFiles({
    name: 'users.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: file,
  });
  await modal.getByTestId('import-start').click();
  await modal.getByTestId('import-result').waitFor();
  assert.match(await modal.getByTestId('import-result').innerText(), /nothing was imported/i);
  const errors = modal.getByTestId('import-errors').locator('.ant-table-row');
  await errors.first().waitFor();
  const rowsReported = (await errors.locator('td:first-child').allInnerTexts())
    .map((s) => s.trim())
    .filter((s) => /^\d+$/.test(s));
  assert.deepEqual([...new Set(rowsReported)], ['3'], 'only row 3 (the bad one) is reported');
  assert.match(
    await modal.getByTestId('import-errors').innerText(),
    /Mobile number/,
    'the mobile column is named',
  );
  await page.screenshot({ path: path.join(shots, 'sys-import.png') });
  await context.close();
  const found = await api(admin, 'GET', `/sys/user?username=${good}`);
  assert.equal(found.result.total, 0, 'the good row was not written either');
});

test('sys: exporting an empty filter shows the server message; a full export downloads', async ({ newPage }) => {
  const { context, page } = await newPage();
  await loginToWorkbench(page);
  await openPage(page, '/sys/user', 'sys-user-page');
  const form = page.locator('.ant-pro-table-search');
  await form.getByLabel('User name').fill(`nobody_${stamp}`);
  await form.getByRole('button', { name: 'Query' }).click();
  await page.locator('[data-testid="sys-user-page"] .ant-empty').waitFor();
  await page.getByTestId('user-export').click();
  await page
    .locator('.ant-message')
    .getByText(/current page has no data, cannot export/i)
    .waitFor();
  await form.getByLabel('User name').fill('');
  await form.getByRole('button', { name: 'Query' }).click();
  await page.locator('[data-testid="sys-user-page"] .ant-table-row').first().waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('user-export').click(),
  ]);
  assert.match(download.suggestedFilename(), /^users-.*\.xlsx$/);
  await context.close();
});

// A merchant signs up; its review is a task in the platform administrators' inbox.
// The SMS code is read from the server's log (scripts/e2e.sh passes its path).
test('sys: a merchant signs up, an administrator approves it from the inbox, the merchant logs in', async ({ newPage }) => {
  const serveLog = process.env.VENUE_E2E_SERVE_LOG;
  assert.ok(serveLog, 'VENUE_E2E_SERVE_LOG names the server log (scripts/e2e.sh sets it)');
  const mobile = uniqueMobile();
  const business = `E2E Bistro ${stamp}`;
  const password = 'Signup@e2e1';
  const applicant = await newPage();
  const page = applicant.page;
  await page.goto(`${base()}/user/register`);
  await page.getByPlaceholder('Business name').fill(business);
  await page.getByPlaceholder('Contact person').fill('Ada Signup');
  await page.getByPlaceholder('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Get code' }).click();
  let code;
  await expect
    .poll(() => (code = smsCodeFromLog(serveLog, mobile)), { ...POLL, message: 'the SMS code reached the server log' })
    .toBeTruthy();
  await page.getByPlaceholder('SMS code').fill(code);
  await page.getByPlaceholder('Password', { exact: true }).fill(password);
  await page.getByPlaceholder('Confirm password').fill(password);
  await page.getByPlaceholder('Address (optional)').fill('7 Harbour Road');
  await page.getByTestId('register-submit').click();
  await page.waitForURL(/\/user\/registerResult/);
  await page.getByTestId('register-application').waitFor();
  // The result page speaks words from the onboarding area, not its keys.
  await page.getByText('Application submitted').waitFor();
  await page.getByTestId('register-application').getByText('Awaiting review').waitFor();
  await applicant.context.close();

  // The platform administrator finds the sign-up on the organisation page; its link opens the
  // review task in the inbox, with the applicant's details, and the administrator approves it.
  const admin = await newPage();
  await loginToWorkbench(admin.page, ADMIN.user, ADMIN.password);
  await admin.page.goto(`${base()}/sys/organization`);
  await admin.page
    .getByTestId('sys-org-page')
    .getByRole('tab', { name: 'Merchant sign-ups' })
    .click();
  const signup = admin.page.locator('.ant-table-row').filter({ hasText: business }).first();
  await signup.waitFor();
  await signup.locator('[data-testid^="signup-task-"]').click();
  await admin.page.waitForURL(/\/process\/user\/tasks\?task=\d+$/);
  const preview = admin.page.getByTestId('signup-preview');
  await preview.waitFor();
  await preview.getByText(mobile).waitFor();
  await preview.getByText('7 Harbour Road').waitFor();
  await admin.page.screenshot({ path: path.join(shots, 'sys-signup-review.png') });
  if (await admin.page.getByTestId('task-action-claim').count()) {
    await admin.page.getByTestId('task-action-claim').click();
    await admin.page.locator('.ant-message').getByText('Claim').first().waitFor();
  }
  await admin.page.getByTestId('task-action-approve').click();
  await admin.page.getByTestId('task-comment').fill('Licence checked');
  await admin.page.getByTestId('task-action-confirm').click();
  await admin.page.locator('.ant-message').getByText('Approve').first().waitFor();
  await admin.context.close();

  // The process created the merchant: its administrator logs in with the mobile number. (The application's
  // status is what is polled: a login tried before would count as a failed one against the test machine's address.)
  const adminToken = await apiLogin(base(), ADMIN);
  await expect
    .poll(async () => {
      const apps = await api(adminToken, 'GET', '/sys/merchant/application?status=approved&pageSize=100');
      return apps.result.records.some((a) => a.mobile === mobile);
    }, { ...POLL, message: 'the sign-up is approved' })
    .toBe(true);
  const json = await loginAnswer(base(), mobile, password);
  assert.equal(json.code, 10000, `the new merchant administrator logs in: ${json.msg}`);
  const merchant = await newPage();
  await loginToWorkbench(merchant.page, mobile, password);
  await merchant.context.close();
});

// A notice copied to someone is unread (marked) in their CC tab until they open it.
test('sys: a sign-up review copied to a reviewer is unread in their CC tab until opened', async ({ newPage }) => {
  const serveLog = process.env.VENUE_E2E_SERVE_LOG;
  assert.ok(serveLog, 'VENUE_E2E_SERVE_LOG names the server log (scripts/e2e.sh sets it)');
  const admin = await apiLogin(base(), ADMIN);
  const mobile = uniqueMobile();
  const business = `E2E Copied ${stamp}`;
  assert.equal((await api('', 'POST', '/sys/validationcode/sms/create', { mobile })).code, 10000);
  let code;
  await expect
    .poll(() => (code = smsCodeFromLog(serveLog, mobile)), { ...POLL, message: 'the SMS code reached the server log' })
    .toBeTruthy();
  const reg = await api('', 'POST', '/sys/merchant/register', {
    merchantName: business,
    contactName: 'Cy Copied',
    mobile,
    code,
    password: 'Copied@e2e1',
  });
  assert.equal(reg.code, 10000, reg.msg);
  const apps = await api(admin, 'GET', '/sys/merchant/application?status=pending&pageSize=100');
  const app = apps.result.records.find((a) => a.id === reg.result.applicationId);
  assert.ok(app?.instanceId, 'the sign-up is under review');
  let taskId;
  await expect
    .poll(async () => {
      const inst = await api(admin, 'GET', `/process/instance/${app.instanceId}`);
      taskId = inst.result?.tasks?.find((x) => x.status === 'open')?.id;
      return taskId;
    }, { ...POLL, message: 'the review task exists' })
    .toBeTruthy();
  const reviewer = (await api(admin, 'GET', '/sys/user?username=demo_reviewer')).result
    .records[0];
  const cc = await api(admin, 'POST', `/process/task/${taskId}/cc`, {
    userIds: [reviewer.id],
    comment: 'For your information',
  });
  assert.equal(cc.code, 10000, cc.msg);

  const { context, page } = await newPage();
  await loginToWorkbench(page, 'demo_reviewer', DEMO_PASSWORD);
  await page.goto(`${base()}/process/user/tasks`);
  await page.getByTestId('tab-cc').click();
  let row = page.locator('.ant-table-row').filter({ hasText: business }).first();
  // the tab reloads its list when clicked again
  await expect(async () => {
    if (!(await row.count())) await page.getByTestId('tab-cc').click();
    await expect(row).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  await row.locator('.ant-badge-status-processing').waitFor();
  await row.locator('a[data-testid^="cc-open-"]').click();
  await page.getByTestId('instance-detail').waitFor();
  await page.locator('.ant-drawer-close').first().click();
  row = page.locator('.ant-table-row').filter({ hasText: business }).first();
  await row.locator('.ant-badge-status-processing').waitFor({ state: 'detached' });
  const read = await api(
    await apiLogin(base(), { user: 'demo_reviewer', password: DEMO_PASSWORD }),
    'GET',
    '/process/task/cc?pageSize=100',
  );
  assert.ok(read.result.records.find((x) => x.taskId === taskId)?.readAt, 'the notice is read');
  await context.close();
});
