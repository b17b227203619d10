/**
 * Browser tests of the venue configuration pages (issue 13):
 * demo_manager edits the opening hours of their venue, adds a table, downloads its QR code,
 * gives it a new code, and the old code's URL shows the invalid-code page (in the guest's
 * language) while the new one leads to the venue; the pages fit a 390 px wide phone.
 * Also: the printer page's required-field messages and setup check, and restoring the
 * default tablet buttons after the confirmation.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MANAGER, apiLogin, apiOf } from './_api.mjs';
import { LOCKS, baseUrl, loginToWorkbench, settled, shots, test, trackRequests } from './_fixtures.mjs';

test.describe.configure({ mode: 'parallel' });

const messageText = (page, text) => page.locator('.ant-message').getByText(text, { exact: false });

/** The text input of an antd field whatever element carries its test id. */
const inputOf = (page, testId) =>
  page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();

/** Types a time into an antd TimePicker. */
async function setTime(page, testId, value) {
  const input = inputOf(page, testId);
  await input.click();
  await input.fill(value);
  // Tab commits the typed time (Enter would also submit the form around it).
  await input.press('Tab');
}

/** The page is no wider than the viewport (tables scroll inside themselves). */
async function assertFits(page, width, what) {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scroll <= width + 1, `${what} is ${scroll} px wide on a ${width} px screen`);
}

// It closes the demo venue on Sundays: the order tests need it open.
test('venue: manager edits opening hours, adds a table, downloads its QR, renews it; the old code shows the invalid-code page', { lock: LOCKS.venueSettings }, async ({ newPage }) => {
  const stamp = Date.now().toString(36).slice(-5).toUpperCase();
  const tableName = `E2E-${stamp}`;
  const api = apiOf(baseUrl, await apiLogin(baseUrl, MANAGER));
  const [venue] = await api('GET', '/merchant/shop/venues');
  // The week starts as the demo seeds it, lunch and dinner every day (the order tests open the venue all day).
  const form = await api('GET', `/merchant/shop/setting/${venue.id}`);
  form.openingHours = [1, 2, 3, 4, 5, 6, 7].map((day) => ({
    day,
    closed: false,
    periods: [
      { open: '11:00', close: '14:30' },
      { open: '17:00', close: '22:00' },
    ],
  }));
  await api('PUT', `/merchant/shop/setting/${venue.id}`, form);
  const { context, page } = await newPage();
  try {
    await loginToWorkbench(page, MANAGER.user, MANAGER.password);

    // Opening hours: Tuesday opens at 09:00 and gets a late period; Sunday closes.
    await page.goto(`${baseUrl}/shop/setting`);
    await page.getByTestId('opening-hours').waitFor();
    await page.getByTestId('settings-name').waitFor();
    await setTime(page, 'hours-2-0-open', '09:00');
    await page.getByTestId('hours-add-2').click();
    await setTime(page, 'hours-2-2-open', '23:00');
    await setTime(page, 'hours-2-2-close', '02:00');
    await page.getByTestId('hours-day-2').getByText('(next day)').waitFor();
    await page.getByTestId('hours-open-7').click();
    await page.getByTestId('settings-save').click();
    await messageText(page, 'Modify Succeed').first().waitFor();
    const saved = await api('GET', `/merchant/shop/setting/${venue.id}`);
    const tuesday = saved.openingHours.find((d) => d.day === 2);
    assert.equal(tuesday.periods[0].open, '09:00');
    assert.deepEqual(tuesday.periods[2], { open: '23:00', close: '02:00' });
    assert.equal(saved.openingHours.find((d) => d.day === 7).closed, true);
    // An overlap is caught in the form before it reaches the server.
    await setTime(page, 'hours-2-1-open', '08:00');
    await page.getByTestId('hours-problem-2').waitFor();
    await page.goto(`${baseUrl}/shop/setting`); // leave without saving

    // A new table.
    await page.goto(`${baseUrl}/configure/orderQrCode`);
    await page.getByTestId('table-add').click();
    await inputOf(page, 'table-name').fill(tableName);
    await inputOf(page, 'table-area').fill('Patio');
    await page.getByTestId('table-save').click();
    await messageText(page, 'Modify Succeed').first().waitFor();
    await page.getByTestId(`table-row-${tableName}`).waitFor();

    // Its code: the preview, then the PNG download.
    await page.getByTestId(`table-qr-${tableName}`).click();
    const preview = page.getByTestId('qr-preview');
    await preview.getByTestId('qr-image').waitFor();
    const oldUrl = (await preview.getByTestId('qr-url').innerText()).trim();
    assert.match(oldUrl, /\/t\/[A-Za-z0-9_-]{32}$/);
    assert.ok(!oldUrl.includes(tableName), 'the code carries a token, not the table name');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      preview.getByTestId('qr-download-png').click(),
    ]);
    assert.equal(download.suggestedFilename(), `table-${tableName}.png`);
    const file = path.join(shots, `qr-${stamp}.png`);
    await download.saveAs(file);
    const png = readFileSync(file);
    assert.deepEqual([...png.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47], 'a PNG file');
    await page.keyboard.press('Escape');

    // A new code: confirmed, the preview shows the new URL.
    await page.getByTestId(`table-renew-${tableName}`).click();
    await page.getByTestId('confirm-ok').click();
    await messageText(page, 'Modify Succeed').first().waitFor();
    await page.getByTestId('qr-preview').getByTestId('qr-image').waitFor();
    const newUrl = (
      await page.getByTestId('qr-preview').getByTestId('qr-url').innerText()
    ).trim();
    assert.notEqual(newUrl, oldUrl);
    await page.keyboard.press('Escape');

    // A guest scans the old code: a clear page, never an error; the new one leads to the venue.
    const guest = await context
      .browser()
      .newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    try {
      const g = await guest.newPage();
      const toLocal = (u) => `${baseUrl}${new URL(u).pathname}`;
      await g.goto(toLocal(oldUrl));
      const invalid = g.getByTestId('guest-invalid');
      await invalid.waitFor();
      assert.equal(await invalid.getAttribute('data-reason'), 'rotated');
      assert.equal(
        (await g.getByTestId('guest-invalid-title').innerText()).trim(),
        'This code is no longer valid',
      );
      await invalid.getByText('Demo Bistro Riverside').waitFor();
      await assertFits(g, 390, 'the invalid-code page');
      await g.screenshot({ path: path.join(shots, 'guest-invalid-code.png') });
      await g.goto(toLocal(newUrl));
      await g.getByTestId('guest-table').waitFor();
      assert.equal(
        (await g.getByTestId('guest-table-name').innerText()).trim(),
        `Table ${tableName}`,
      );
      await assertFits(g, 390, 'the guest page');
    } finally {
      await guest.close();
    }
  } catch (error) {
    await page.screenshot({ path: path.join(shots, 'venue-failure.png') }).catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
});

test('venue: printer messages and setup check, restore default buttons, pages at 390 px', async ({ newPage }) => {
  const { context, page } = await newPage();
  try {
    await loginToWorkbench(page, MANAGER.user, MANAGER.password);
    // The setup check says what the server finds: all dishes print somewhere, or which
    // categories print nowhere (other tests add categories no printer takes, at any time:
    // the page is held to the answer it was given).
    const checked = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/merchant/configure/printer/check',
    );
    await page.goto(`${baseUrl}/configure/settingprinter`);
    const answer = await (await checked).json();
    assert.equal(answer.code, 10000, `printer check: ${answer.msg}`);
    const check = answer.result;
    if (check.unrouted.length === 0) {
      await page.getByTestId('printer-check-ok').waitFor();
    } else {
      const warning = page.getByTestId('printer-check-warning');
      await warning.waitFor();
      const text = await warning.innerText();
      for (const category of check.categories)
        assert.ok(text.includes(category.name), `the warning names ${category.name}`);
    }
    await page.getByTestId('printer-row-Hot kitchen').waitFor();
    await page.getByTestId('printer-add').click();
    const modal = page.locator('.ant-modal').filter({ has: page.getByTestId('printer-save') });
    await modal.getByTestId('printer-font').waitFor();
    // Clear the defaults the form starts with, then save empty: each required field says so.
    await inputOf(page, 'printer-copies').fill('');
    await page.getByTestId('printer-save').click();
    for (const text of [
      'Type must be selected',
      'Printer must be selected',
      'IP cannot be empty',
      'Copies cannot be empty',
    ]) {
      await modal.getByText(text, { exact: true }).waitFor();
    }
    // unsaved input: closing asks first; "Keep editing" leaves the form open, "Discard" closes it
    await page.keyboard.press('Escape');
    await page.getByTestId('discard-keep').click();
    await modal.getByTestId('printer-font').waitFor();
    await modal.locator('.ant-modal-close').click();
    await page.getByTestId('discard-ok').click();
    await modal.waitFor({ state: 'hidden' });

    await page.goto(`${baseUrl}/configure/button`);
    await page.getByTestId('button-row-order_pay').waitFor();
    await page.getByTestId('button-shown-order_pay').click();
    await messageText(page, 'Modify Succeed').first().waitFor();
    await page.getByTestId('button-restore').click();
    await page.getByTestId('confirm-ok').click();
    await messageText(page, 'The default buttons are back').first().waitFor();
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-testid="button-shown-order_pay"]')
          ?.getAttribute('aria-checked') === 'true',
    );

    // Every configuration page fits a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    const inFlight = trackRequests(page);
    for (const [url, testId] of [
      ['/shop/setting', 'opening-hours'],
      ['/configure/orderQrCode', 'table-add'],
      ['/configure/button', 'button-restore'],
      ['/configure/settingprinter', 'printer-add'],
    ]) {
      await page.goto(`${baseUrl}${url}`);
      await page.getByTestId(testId).waitFor();
      // measured once the page has its data and has rendered it (nothing in flight, the browser idle)
      await settled(page, inFlight);
      await assertFits(page, 390, url);
      await page.screenshot({
        path: path.join(shots, `venue-390${url.replaceAll('/', '-')}.png`),
        fullPage: true,
      });
    }
  } catch (error) {
    await page
      .screenshot({ path: path.join(shots, 'venue-config-failure.png') })
      .catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
});
