/**
 * Browser test of the print job page (issue 15): at 390 px a venue
 * manager makes the venue's print agent key, the agent (`venue print-agent`, started here with
 * that key) shows online, a test print on the front desk printer reaches a virtual printer
 * (`venue printer-sim`) and its job shows printed, and a reprint arrives marked as such; then a
 * guest's order prints in the kitchen, a dish cancelled by staff prints a CANCEL ticket, and the
 * order's two jobs show printed on the page.
 *
 * Needs the binary (VENUE_E2E_BIN, set by scripts/e2e.sh) for the agent and the simulator.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { MANAGER, apiLogin, apiOf } from './_api.mjs';
import { ACTION_TIMEOUT, LOCKS, baseUrl, expect, loginToWorkbench, shots, test } from './_fixtures.mjs';

const PHONE_WIDTH = 390;

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

function start(bin, args) {
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return { child, log: () => out, stop: () => child.kill('SIGKILL') };
}

async function tickets(webPort) {
  const res = await fetch(`http://127.0.0.1:${webPort}/tickets`);
  return (await res.json()) ?? [];
}

/** Polls the simulator (or anything) every 250 ms until `fn` answers something, for at most `ms`. */
async function waitFor(what, fn, ms = ACTION_TIMEOUT) {
  let value;
  await expect
    .poll(async () => (value = await fn().catch(() => undefined)), {
      message: `waiting for ${what}`,
      timeout: ms,
      intervals: [250],
    })
    .toBeTruthy();
  return value;
}

// It points the demo venue's printers at its virtual printer, opens the venue all day and orders a dish that is
// not sold out: the order tests (which print too), the venue page test and the sold-out tests take turns with it.
test('printing: at 390 px a manager connects the print agent; a test print, its reprint, a guest order and its CANCEL ticket reach the virtual printer', { lock: [LOCKS.venueSettings, LOCKS.soldOut] }, async ({ phonePage }) => {
  const bin = process.env.VENUE_E2E_BIN;
  test.skip(!bin, 'VENUE_E2E_BIN is not set (scripts/e2e.sh sets it)');
  const api = apiOf(baseUrl, await apiLogin(baseUrl, MANAGER));
  const printerPort = await freePort();
  const webPort = await freePort();
  const sim = start(bin, [
    'printer-sim',
    '--addr',
    `127.0.0.1:${printerPort}`,
    '--web',
    `127.0.0.1:${webPort}`,
  ]);
  let agent;
  let settings;
  const printers = await api('GET', '/merchant/configure/printer?pageSize=50');
  const desk = printers.records.find((p) => p.name === 'Front desk');
  assert.ok(desk, 'the demo venue has its Front desk printer');
  const { context, page } = await phonePage();
  try {
    await api('PUT', `/merchant/configure/printer/${desk.id}`, {
      ...desk,
      ip: '127.0.0.1',
      port: printerPort,
    });
    await waitFor('the printer simulator', () => tickets(webPort).then(() => true));

    await loginToWorkbench(page, MANAGER.user, MANAGER.password);
    await page.goto(`${baseUrl}/configure/printjob`);
    await page.getByTestId('print-agent').waitFor();

    // The agent key, shown once; the agent started with it shows online.
    const keyButton = page.getByTestId('print-agent-key');
    await keyButton.click();
    const confirm = page.locator('.ant-popconfirm .ant-btn-primary');
    if (await confirm.isVisible().catch(() => false)) await confirm.click(); // replacing an earlier run's key
    const key = (await page.getByTestId('print-agent-new-key').innerText()).trim();
    assert.match(key, /^pa_[A-Za-z0-9_-]{40,}$/);
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    agent = start(bin, ['print-agent', '--server', baseUrl, '--key', key]);
    await page
      .getByTestId('print-agent-state')
      .filter({ hasText: 'Online' })
      .waitFor({ timeout: 30_000 });

    // A test print on the front desk printer: printed on the simulator, job printed on the page.
    const before = (await tickets(webPort)).length;
    await page.getByTestId('test-printer').click();
    await page.locator('.ant-select-item-option[title="Front desk"]').click();
    await page.getByTestId('test-print').click();
    const printed = await waitFor('the test ticket', async () => {
      const ts = await tickets(webPort);
      return ts.length > before && ts[ts.length - 1].text.includes('Front desk')
        ? ts[ts.length - 1]
        : undefined;
    });
    assert.ok(printed.ticket.cut, 'the ticket was cut');
    const state = page.locator('[data-testid^="job-state-"]').first();
    await state.filter({ hasText: 'Printed' }).waitFor({ timeout: ACTION_TIMEOUT });
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(
      scroll <= PHONE_WIDTH + 1,
      `the print job page is ${scroll} px wide on a ${PHONE_WIDTH} px screen`,
    );
    await page.screenshot({ path: path.join(shots, 'printing-jobs-phone.png') });

    // Reprint it: the copy arrives marked as a reprint.
    await page.locator('[data-testid^="job-reprint-"]').first().click();
    await page.getByTestId('job-move-ok').click();
    await waitFor('the reprint', async () => {
      const ts = await tickets(webPort);
      return ts.length > before + 1 && ts[ts.length - 1].text.includes('***');
    });

    // A guest's order prints in the kitchen; a dish cancelled by staff prints a CANCEL ticket;
    // the order's two jobs show printed (all printers point at the simulator for this part).
    const [venue] = await api('GET', '/merchant/shop/venues');
    settings = await api('GET', `/merchant/shop/setting/${venue.id}`);
    const hours = [1, 2, 3, 4, 5, 6, 7].map((day) => ({
      day,
      closed: false,
      periods: [{ open: '00:00', close: '24:00' }],
    }));
    await api('PUT', `/merchant/shop/setting/${venue.id}`, {
      ...settings,
      openingHours: hours,
      closedDates: [],
      cancelApprovalAbove: 100000000,
    });
    for (const p of printers.records.filter((p) => p.type === 'kitchen')) {
      await api('PUT', `/merchant/configure/printer/${p.id}`, {
        ...p,
        ip: '127.0.0.1',
        port: printerPort,
      });
    }
    const hot = printers.records.find((p) => p.name === 'Hot kitchen');
    const menu = await api('GET', `/public/venue/${settings.venueKey}/menu`);
    const category = menu.categories.find(
      (c) =>
        hot.categoryIds.includes(c.id) && c.dishes.some((d) => !d.soldOut && !d.specs?.length),
    );
    const dish = category.dishes.find((d) => !d.soldOut && !d.specs?.length);
    const tables = await api('GET', `/merchant/configure/table?venueId=${venue.id}&pageSize=100`);
    const table = tables.records.find(
      (tb) => tb.orderingMethod === 'qr_order' && tb.status === 1,
    );
    const placed = await api('POST', `/public/table/${table.token}/orders`, {
      idempotencyKey: `e2e-print-${Date.now()}`,
      lines: [{ dishId: dish.id, quantity: 2 }],
    });
    const orderNo = placed.order.orderNo;
    await waitFor('the kitchen ticket', async () =>
      (await tickets(webPort)).some(
        (x) => x.text.includes(orderNo) && x.text.includes(dish.name),
      ),
    );
    const found = await api('GET', `/merchant/order?orderNo=${orderNo}`);
    const detail = await api('GET', `/merchant/order/${found.records[0].id}`);
    await api('POST', `/merchant/order/${detail.id}/cancel`, {
      lineId: detail.lines[0].id,
      quantity: 1,
      reason: 'guest_changed_mind',
      remark: '',
    });
    await waitFor('the CANCEL ticket', async () =>
      (await tickets(webPort)).some(
        (x) =>
          x.text.includes(orderNo) &&
          x.text.includes('***') &&
          x.text.includes(`-1 x ${dish.name}`),
      ),
    );
    const box = page.getByTestId('printjob-filter-keyword');
    await box.fill(orderNo);
    await box.press('Enter');
    await page.waitForFunction(
      () => {
        const tags = [...document.querySelectorAll('[data-testid^="job-state-"]')];
        return tags.length === 2 && tags.every((t) => t.textContent === 'Printed');
      },
      null,
      { timeout: ACTION_TIMEOUT },
    );
    await page.screenshot({ path: path.join(shots, 'printing-order-jobs-phone.png') });
  } finally {
    agent?.stop();
    sim.stop();
    await api('DELETE', '/merchant/printing/agent').catch(() => undefined);
    for (const p of printers.records)
      await api('PUT', `/merchant/configure/printer/${p.id}`, p).catch(() => undefined);
    if (settings)
      await api('PUT', `/merchant/shop/setting/${settings.venueId}`, settings).catch(
        () => undefined,
      );
    await context.close();
  }
});
