/**
 * Browser tests of issue 16 (dish statistics and reports). The demo
 * venue's 90 days of orders (the order module's demo history) reach the report module as order
 * events, so the pages have figures: the dish statistics show a chart and the table, changing the
 * range (by week, then dates) updates both, the export downloads an Excel file and an empty
 * range is refused with the spec's message; the chart library is fetched only by report pages;
 * the page fits a 390 px phone; the sales page ranks the top dishes and the cancellations page
 * lists reasons; the category and dish filters narrow the totals, table and top dishes, also at
 * 390 px.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ACTION_TIMEOUT,
  baseUrl,
  expect,
  loginToWorkbench,
  openMenu,
  settled,
  shots,
  test,
  trackRequests,
} from './_fixtures.mjs';
import { optionTexts, pickIn } from './_select.mjs';

test.describe.configure({ mode: 'parallel' });

const MERCHANT = { user: 'demo_admin', password: 'Demo@12345' };

const pad = (n) => String(n).padStart(2, '0');
const ymd = (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const daysAgo = (n) => {
  const d = new Date();
  d.setDate(d.getDate() - n);
  return ymd(d);
};

/** The chart's category labels once it has drawn them, after the change `ok` waits for. */
async function chartPoints(page, testId, ok = () => true) {
  const chart = page.locator(`[data-testid="${testId}"][data-ready="true"]`);
  await chart.waitFor();
  let points = [];
  await expect
    .poll(
      async () => {
        points = JSON.parse((await chart.getAttribute('data-points')) || '[]');
        return points.length > 0 && ok(points);
      },
      { message: `chart ${testId} shows the expected points`, timeout: ACTION_TIMEOUT },
    )
    .toBe(true);
  return points;
}

const firstCells = (page) =>
  page.locator('[data-testid="report-dish-page"] .ant-table-tbody tr.ant-table-row td:first-child').allInnerTexts();

/** Opens a filter's list and answers its options' texts. */
const openOptions = (page, testId) => optionTexts(page, page.getByTestId(testId));

/** Picks the option whose text is `label` in a filter's list. */
const pickOption = (page, testId, label) => pickIn(page, page.getByTestId(testId), label);

const totalQuantity = async (page) =>
  Number((await page.getByTestId('report-total-quantity').locator('.ant-statistic-content-value').innerText()).replace(/[^\d]/g, ''));

async function setRange(page, from, to) {
  const range = page.getByTestId('report-range');
  await range.locator('input').first().click();
  await range.locator('input').first().fill(from);
  await range.locator('input').first().press('Enter');
  await range.locator('input').nth(1).fill(to);
  await range.locator('input').nth(1).press('Enter');
}

test('report: dish statistics show a chart and the table; the range updates both; export downloads', async ({ newPage }) => {
  const { context, page } = await newPage();
  const inFlight = trackRequests(page);
  const scripts = [];
  const charting = []; // scripts that hold the chart library's code
  const reads = []; // their bodies being read
  page.on('response', (r) => {
    if (!r.url().endsWith('.js')) return;
    scripts.push(r.url());
    reads.push(
      r.text().then(
        (text) => text.includes('zrender') && charting.push(r.url()),
        () => undefined,
      ),
    );
  });
  await loginToWorkbench(page, MERCHANT.user, MERCHANT.password);
  // The workbench compares today's sales with the same weekday last week.
  await page.getByTestId('card-salesToday').waitFor();
  assert.match(await page.getByTestId('card-salesToday-note').innerText(), /^Same day last week: /);
  await page.getByTestId('card-topDishesToday').waitFor();
  await page.getByTestId('card-openOrders').waitFor();
  // The workbench has shown its figures (its cards replace the placeholders once its data is in) and has nothing
  // left in flight: whatever it loads has been requested and read.
  await settled(page, inFlight);
  await Promise.all(reads);
  assert.deepEqual(charting, [], 'no chart library before a report page');

  await openMenu(page, 'Dishes', 'Dish statistics');
  await page.waitForURL(/\/cuisine\/orderDetail$/);
  const days = await chartPoints(page, 'report-trend-chart');
  assert.equal(days.length, 14, 'the last 14 days by default');
  assert.equal(days[13], ymd(new Date()));
  assert.ok(scripts.some((s) => s.includes('report-charts')), 'the report page fetches its chart chunk');
  await Promise.all(reads);
  assert.ok(charting.length > 0, 'the chart library arrives with the report page');
  await page.locator('[data-testid="report-dish-page"] .ant-table-tbody tr.ant-table-row').first().waitFor();
  const sold = Number(await page.getByTestId('report-total-quantity').locator('.ant-statistic-content-value').innerText());
  assert.ok(sold > 0, `the demo sold something in 14 days (${sold})`);
  const rows = await firstCells(page);
  assert.ok(rows.every((d) => d >= days[0] && d <= days[13]), `table dates within the range: ${rows}`);
  await page.screenshot({ path: path.join(shots, 'report-dish-day.png') });

  // By week: the chart and the table switch to ISO weeks.
  await page.getByTestId('report-period').getByText('By week').click();
  const weeks = await chartPoints(page, 'report-trend-chart', (p) => p.length === 8);
  assert.ok(weeks.every((w) => / W\d\d$/.test(w)), `week labels: ${weeks}`);
  await page.waitForFunction(() =>
    /W\d\d/.test(document.querySelector('[data-testid="report-dish-page"] .ant-table-tbody tr.ant-table-row td')?.textContent || ''),
  );

  // Back to dates, then a range of ten days three weeks ago.
  await page.getByTestId('report-period').getByText('By date').click();
  await chartPoints(page, 'report-trend-chart', (p) => p.length === 14 && !/W/.test(p[0]));
  const from = daysAgo(29);
  const to = daysAgo(20);
  await setRange(page, from, to);
  const ten = await chartPoints(page, 'report-trend-chart', (p) => p[0] === from);
  assert.equal(ten.length, 10);
  assert.equal(ten[9], to);
  await page.waitForFunction(
    ([a, b]) => {
      const cells = [...document.querySelectorAll('[data-testid="report-dish-page"] .ant-table-tbody tr.ant-table-row td:first-child')];
      return cells.length > 0 && cells.every((c) => c.textContent >= a && c.textContent <= b);
    },
    [from, to],
  );

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
  assert.match(download.suggestedFilename(), /^dish-statistics-.*\.xlsx$/);
  const file = await download.path();
  assert.equal(readFileSync(file).subarray(0, 2).toString(), 'PK', 'an xlsx (zip) file');

  // An empty range: nothing to export.
  await setRange(page, '2020-01-01', '2020-01-07');
  await chartPoints(page, 'report-trend-chart', (p) => p[0] === '2020-01-01');
  await page.locator('[data-testid="report-dish-page"] .ant-empty').first().waitFor();
  await page.getByTestId('report-export').click();
  await page.getByText('current page has no data, cannot export').waitFor();
  await context.close();
});

test('report: at 390 px the dish statistics fit the screen', async ({ phonePage }) => {
  const { context, page } = await phonePage();
  await loginToWorkbench(page, MERCHANT.user, MERCHANT.password);
  await page.goto(`${baseUrl}/cuisine/orderDetail`);
  await chartPoints(page, 'report-trend-chart');
  await page.getByTestId('report-dish-cards').getByTestId('card').first().waitFor();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 391, `the page is ${width} px wide on a 390 px screen`);
  // The category filter on the phone: a full-width select; the cards show that category only.
  const categories = await openOptions(page, 'report-category');
  await pickOption(page, 'report-category', categories[1]);
  await page.waitForFunction((name) => {
    const cards = [...document.querySelectorAll('[data-testid="report-dish-cards"] [data-testid="card"]')];
    return cards.length > 0 && cards.every((c) => c.textContent.includes(name));
  }, categories[1]);
  for (const id of ['report-category', 'report-dish-filter']) {
    const box = await page.getByTestId(id).boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 391, `${id} within the screen: ${JSON.stringify(box)}`);
  }
  const filtered = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(filtered <= 391, `filtered, the page is ${filtered} px wide on a 390 px screen`);
  await page.screenshot({ path: path.join(shots, 'report-dish-phone.png'), fullPage: true });
  await context.close();
});

test('report: category and dish filters narrow the totals, the table and the top dishes', async ({ newPage }) => {
  const { context, page } = await newPage();
  await loginToWorkbench(page, MERCHANT.user, MERCHANT.password);
  await page.goto(`${baseUrl}/cuisine/orderDetail`);
  const rowsOf = '[data-testid="report-dish-page"] .ant-table-tbody tr.ant-table-row';
  await page.locator(rowsOf).first().waitFor();
  const all = await totalQuantity(page);
  assert.ok(all > 0, 'the demo sold something in 14 days');

  const categories = await openOptions(page, 'report-category');
  assert.equal(categories[0], 'All categories');
  assert.ok(categories.length >= 3, `the demo's categories: ${categories}`);
  const category = categories[1];
  await pickOption(page, 'report-category', category);
  // Every row is of that category (third column) and the totals shrink to its share.
  await page.waitForFunction(
    ([sel, name]) => {
      const cells = [...document.querySelectorAll(`${sel} td:nth-child(3)`)];
      return cells.length > 0 && cells.every((c) => c.textContent === name);
    },
    [rowsOf, category],
  );
  await expect.poll(() => totalQuantity(page), { message: 'the totals shrink to the category' }).toBeLessThan(all);
  const inCategory = await totalQuantity(page);
  assert.ok(inCategory > 0 && inCategory < all, `category ${category}: ${inCategory} of ${all}`);

  // The dish filter offers that category's dishes only.
  const dishes = (await openOptions(page, 'report-dish-filter')).slice(1);
  assert.ok(dishes.length > 0, `dishes of ${category}`);
  await pickOption(page, 'report-dish-filter', dishes[0]);
  await page.waitForFunction(
    ([sel, name]) => {
      const cells = [...document.querySelectorAll(`${sel} td:nth-child(2)`)];
      return cells.length > 0 && cells.every((c) => c.textContent === name);
    },
    [rowsOf, dishes[0]],
  );
  await chartPoints(page, 'report-trend-chart', (p) => p.length === 14);
  assert.ok((await totalQuantity(page)) <= inCategory, 'one dish sells no more than its category');
  await page.screenshot({ path: path.join(shots, 'report-dish-filtered.png') });

  // The sales page: the top dishes of one category are that category's dishes.
  await page.goto(`${baseUrl}/report/sales`);
  const before = await chartPoints(page, 'report-top-chart');
  await openOptions(page, 'report-category');
  await pickOption(page, 'report-category', category);
  const top = await chartPoints(page, 'report-top-chart', (p) => p.join() !== before.join());
  assert.ok(top.every((d) => dishes.includes(d)), `top of ${category}: ${top}, its dishes ${dishes}`);
  await context.close();
});

test('report: the sales page ranks top dishes; cancellations list their reasons', async ({ newPage }) => {
  const { context, page } = await newPage();
  await loginToWorkbench(page, MERCHANT.user, MERCHANT.password);
  await openMenu(page, 'Reports', 'Sales');
  await page.waitForURL(/\/report\/sales$/);
  const byQuantity = await chartPoints(page, 'report-top-chart');
  assert.ok(byQuantity.length >= 5 && byQuantity.length <= 10, `top dishes: ${byQuantity}`);
  await page.getByTestId('report-category-table').locator('tr.ant-table-row').first().waitFor();
  await page.getByTestId('report-top-by').getByText('By amount').click();
  // The most expensive dish of the demo menu (steamed sea bass) leads by amount.
  const byAmount = await chartPoints(page, 'report-top-chart', (p) => p.join() !== byQuantity.join());
  assert.equal(byAmount[byAmount.length - 1], 'Steamed sea bass', `by amount: ${byAmount}`);
  await page.screenshot({ path: path.join(shots, 'report-sales.png') });

  await openMenu(page, 'Reports', 'Cancellations');
  await page.waitForURL(/\/report\/cancellation$/);
  await page.getByTestId('report-reasons').locator('tr.ant-table-row').first().waitFor();
  await page.getByTestId('report-cancelled-dishes').locator('tr.ant-table-row').first().waitFor();
  await context.close();
});
