/**
 * Browser tests of issue 17 (a floor-ready console). Phone checks run
 * at 390x844: the dish list as cards with the sold-out switch in reach, its search folded into
 * one box plus a filter sheet; the inbox refreshing itself when a second user's action makes a
 * task; approving from a phone.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { EN, MANAGER, MERCHANT, REVIEWER, apiLogin, apiOf, uploadPng } from './_api.mjs';
import {
  ACTION_TIMEOUT,
  LOCKS,
  PHONE,
  baseUrl,
  expect,
  loginToWorkbench,
  metric,
  settledBox,
  shots,
  test,
} from './_fixtures.mjs';
import { makePng } from './_png.mjs';

test.describe.configure({ mode: 'parallel' });

const ymd = (d) => d.toISOString().slice(0, 10);

/** As demo_admin, through the API: an image ad for the demo venue, sent to review. */
async function publishAd(baseUrl, title) {
  const token = await apiLogin(baseUrl, MERCHANT);
  const api = apiOf(baseUrl, token, EN);
  const url = await uploadPng(baseUrl, token, makePng(64), 'live.png');
  const [venue] = await api('GET', '/merchant/advert/display');
  const ad = await api('POST', '/merchant/advert', {
    title,
    materialType: 'image',
    materials: [{ url, duration: 5 }],
    startDate: ymd(new Date()),
    endDate: ymd(new Date(Date.now() + 7 * 86400e3)),
    targetType: 'venue',
    targetIds: [venue.venueId],
    linkType: 'none',
    linkValue: '',
  });
  await api('POST', `/merchant/advert/${ad.id}/publish`);
  return { api, id: ad.id };
}

/** The page is no wider than the screen: nothing hides behind horizontal scroll. */
async function assertFits(page, what) {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(
    scroll <= PHONE.width + 1,
    `${what} is ${scroll} px wide on a ${PHONE.width} px screen`,
  );
}

/** The element is inside the screen horizontally (reachable without scrolling sideways). */
async function assertInReach(locator, what) {
  const box = await settledBox(locator);
  assert.ok(box, `${what} is shown`);
  assert.ok(
    box.x >= 0 && box.x + box.width <= PHONE.width,
    `${what} is at x ${box.x}..${box.x + box.width}`,
  );
}

/** The number of to-dos the header badge shows (0 without a badge). */
const todoBadge = (page) =>
  page.evaluate(() =>
    Number(
      document
        .querySelector('[data-testid="todo-badge"] .ant-scroll-number')
        ?.getAttribute('title') || 0,
    ),
  );

/** Waits (up to ACTION_TIMEOUT) until the header badge shows `n` to-dos. */
async function waitForTodoBadge(page, n) {
  await expect.poll(() => todoBadge(page), { message: 'the to-do badge', timeout: ACTION_TIMEOUT }).toBe(n);
}

test('floor: order times read in the venue\'s time zone on a phone set to another zone', async ({ newPage }) => {
  const api = apiOf(baseUrl, await apiLogin(baseUrl, MANAGER), EN);
  const { records } = await api('GET', '/merchant/order?pageNo=1&pageSize=1');
  const [newest] = records;
  assert.ok(newest?.timeZone, `the order list carries the venue's zone: ${JSON.stringify(newest)}`);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: newest.timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
    }).formatToParts(new Date(newest.placedAt)).map((x) => [x.type, x.value]),
  );
  const shown = `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
  // A phone whose clock is in another zone than the venue (Asia/Shanghai in the demo).
  const zone = newest.timeZone === 'America/Los_Angeles' ? 'Europe/London' : 'America/Los_Angeles';
  const { context, page } = await newPage('en-US', { viewport: PHONE, isMobile: true, hasTouch: true, timezoneId: zone });
  page.setDefaultTimeout(ACTION_TIMEOUT);
  await loginToWorkbench(page, MANAGER.user, MANAGER.password);
  await page.goto(`${baseUrl}/cuisine/order`);
  const card = page.getByTestId('order-cards').getByTestId('card').filter({ hasText: newest.orderNo });
  await card.waitFor();
  assert.ok((await card.innerText()).includes(shown), `order ${newest.orderNo} shows ${shown} (venue zone ${newest.timeZone})`);
  await context.close();
});

test('floor: built-in role names read in the user\'s language (roles and users lists, in Chinese)', async ({ newContext }) => {
  const context = await newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(ACTION_TIMEOUT);
  await loginToWorkbench(page, MERCHANT.user, MERCHANT.password);
  await context.addCookies([{ name: 'language', value: 'zh-CN', url: baseUrl }]);
  await page.evaluate(() => localStorage.setItem('umi_locale', 'zh-CN'));
  await page.goto(`${baseUrl}/sys/role`);
  await page.getByText('商户管理员', { exact: true }).first().waitFor();
  await page.getByText('门店经理', { exact: true }).first().waitFor();
  assert.equal(await page.getByText('Merchant administrator', { exact: true }).count(), 0, 'no English role name');
  await page.goto(`${baseUrl}/sys/user`);
  await page.locator('.ant-tag').filter({ hasText: '服务员 / 收银员' }).first().waitFor();
  assert.equal(await page.locator('.ant-tag').filter({ hasText: 'Waiter / cashier' }).count(), 0, 'no English role tag');
  await context.close();
});

// The ad goes to review: a task for every platform reviewer, whose open tasks the live inbox test counts.
test('floor: at 390 px the ad list is cards: title, status and period in reach, no sideways scroll', { lock: LOCKS.reviewerInbox }, async ({ phonePage }) => {
  const title = `Phone card ad ${Date.now()}`;
  await publishAd(baseUrl, title);
  const { context, page } = await phonePage();
  await loginToWorkbench(page, MERCHANT.user, MERCHANT.password);
  await page.goto(`${baseUrl}/advert/release`);
  const cards = page.getByTestId('advert-merchant-cards');
  await cards.getByTestId('card').first().waitFor();
  const box = page.getByTestId('advert-merchant-filter-keyword');
  await assertInReach(box, 'the search box');
  await box.fill(title);
  await box.press('Enter');
  const card = cards.getByTestId('card').filter({ hasText: title });
  await card.waitFor();
  await page.waitForFunction(
    () => document.querySelectorAll('[data-testid="advert-merchant-cards"] [data-testid="card"]').length === 1,
  );
  await assertInReach(card, 'the ad card');
  assert.match(await card.innerText(), /review/i, 'the card shows the ad is in review');
  await assertFits(page, 'the ad list');
  await page.screenshot({ path: path.join(shots, 'floor-ads-phone.png'), fullPage: true });
  await context.close();
});

// It counts the sold-out dishes (the workbench card against the filtered list) while it marks one sold out.
test('floor: at 390 px a venue manager finds a dish with one search box and marks it sold out', { lock: LOCKS.soldOut }, async ({ phonePage }) => {
  const { context, page } = await phonePage();
  await loginToWorkbench(page, MANAGER.user, MANAGER.password);
  await page.goto(`${baseUrl}/cuisine/manage`);
  const cards = page.getByTestId('dish-cards');
  await cards.getByTestId('card').first().waitFor();
  await assertFits(page, 'the dish list');
  // the search form is one box, not a form filling the first screen
  assert.equal(
    await page.locator('.ant-pro-query-filter').count(),
    0,
    'no search form on a phone',
  );
  const box = page.getByTestId('dish-filter-keyword');
  await assertInReach(box, 'the search box');
  await page.screenshot({ path: path.join(shots, 'floor-dishes-phone.png') });

  await box.fill('tofu'); // a word inside the name
  await box.press('Enter');
  const card = cards.getByTestId('card').filter({ hasText: 'Mapo tofu' });
  await card.waitFor();
  await page.waitForFunction(
    () =>
      document.querySelectorAll('[data-testid="dish-cards"] [data-testid="card"]').length === 1,
  );
  const toggle = card.getByTestId('soldout-M02');
  await assertInReach(card.getByText('Mapo tofu', { exact: true }), 'the dish name');
  await assertInReach(toggle, 'the sold-out switch');
  const checked = await toggle.getAttribute('aria-checked');
  if (checked === 'true') {
    // left sold out by an earlier run: back in stock first
    await toggle.click();
    await page.getByTestId('confirm-ok').click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="soldout-M02"]')?.getAttribute('aria-checked') ===
        'false',
    );
  }
  await toggle.click();
  const confirm = page.locator('.ant-modal').filter({ hasText: 'Mark sold out?' });
  await confirm.getByTestId('soldout-ok').click();
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="soldout-M02"]')?.getAttribute('aria-checked') ===
      'true',
  );
  await page.screenshot({ path: path.join(shots, 'floor-dish-sold-out-phone.png') });

  // the workbench at 390 px: its "sold out" card opens the list filtered to what is sold out
  await page.goto(`${baseUrl}/user/workbench`);
  const soldOutCard = page.getByTestId('card-dishesSoldOut');
  await soldOutCard.waitFor();
  await assertFits(page, 'the workbench');
  await page.screenshot({ path: path.join(shots, 'floor-workbench-phone.png') });
  const soldOutNow = Number((await soldOutCard.locator('.ant-statistic-content-value').innerText()).replace(/\D/g, ''));
  await soldOutCard.click();
  await page.waitForURL(/\/cuisine\/manage\?soldOut=true/);
  await cards.getByTestId('card').filter({ hasText: 'Mapo tofu' }).waitFor();
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="dish-cards"] [data-testid="card"]').length === Math.min(n, 20),
    soldOutNow,
  );

  // the other filters are in a full-screen sheet: "sold out" finds the dish with an empty box
  await page.getByTestId('dish-filter-open').click();
  const sheet = page
    .locator('.ant-drawer-content-wrapper')
    .filter({ has: page.getByTestId('dish-filter-sheet') });
  await sheet.waitFor();
  const sheetBox = await sheet.boundingBox();
  assert.ok(
    sheetBox.width >= PHONE.width - 1,
    `the filter drawer is full-screen (${sheetBox.width} px)`,
  );
  // the filter the workbench link set is shown in the sheet
  await sheet.locator('.ant-select-selection-item').getByText('Sold out', { exact: true }).waitFor();
  await page.screenshot({ path: path.join(shots, 'floor-dish-filters-phone.png') });
  await page.getByTestId('dish-filter-apply').click();
  await card.waitFor();
  const names = await cards.getByTestId('card').allInnerTexts();
  assert.ok(
    names.every((n) => /Sold out/.test(n)),
    'only sold-out dishes are listed',
  );

  // and back in stock, so that the run can be repeated
  await toggle.click();
  await page.getByTestId('confirm-ok').click();
  await card.waitFor({ state: 'detached' });
  await context.close();
});

// It counts the reviewer's open tasks: no other test may add or close one meanwhile.
test('floor: a task made by another user reaches an open inbox at 390 px without a reload, and is approved without a claim step', { lock: LOCKS.reviewerInbox }, async ({ phonePage }) => {
  const { context, page } = await phonePage();
  try {
    await loginToWorkbench(page, REVIEWER.user, REVIEWER.password);
    // "My tasks" is in the side menu (behind the menu button on a phone)
    await page.goto(`${baseUrl}/process/user/tasks`);
    const cards = page.getByTestId('todo-cards');
    await cards.waitFor();
    await assertFits(page, 'the inbox');
    // the header badge and the list follow the same live value: first the reviewer's open tasks now
    const reviewerApi = apiOf(baseUrl, await apiLogin(baseUrl, REVIEWER));
    const before = (await reviewerApi('GET', '/process/task/todo?pageNo=1&pageSize=1')).total;
    await waitForTodoBadge(page, before);
    let navigations = 0;
    page.on('framenavigated', (f) => f === page.mainFrame() && (navigations += 1));

    // a second user (the merchant) sends an ad to review: the task shows up by itself
    const title = `Live ${Date.now().toString(36)}`;
    const started = Date.now();
    const { api, id } = await publishAd(baseUrl, title);
    const card = cards.getByTestId('card').filter({ hasText: title });
    await card.waitFor({ timeout: 30_000 });
    const seenAfter = Date.now() - started;
    metric(`new task reached the open inbox ${seenAfter} ms after the publish call`);
    await waitForTodoBadge(page, before + 1);
    assert.equal(navigations, 0, 'the page was not reloaded');
    await page.screenshot({ path: path.join(shots, 'floor-inbox-live-phone.png') });

    // approve from the phone: no claim step, one comment (the merchant's opinion)
    await card.locator('a').first().click();
    await page.getByTestId('task-detail').waitFor();
    await page.getByTestId('advert-review-preview').waitFor();
    const approve = page.getByTestId('task-action-approve');
    await assertInReach(approve, 'the approve button');
    await approve.click();
    await page.getByTestId('task-comment').fill('Looks good on the floor');
    await page.getByTestId('task-action-confirm').click();
    await page.locator('.ant-message').getByText('Approve', { exact: false }).first().waitFor();
    await card.waitFor({ state: 'detached', timeout: 30_000 });
    await waitForTodoBadge(page, before);
    // the merchant sees the same text as the opinion
    let ad;
    await expect
      .poll(async () => (ad = await api('GET', `/merchant/advert/${id}`)).status, { intervals: [500] })
      .not.toBe('pending');
    assert.equal(ad.opinion, 'Looks good on the floor');
  } catch (error) {
    await page
      .screenshot({ path: path.join(shots, 'floor-inbox-failure.png') })
      .catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
});
