/**
 * Browser test of pairing a tablet (issue 17, "Devices and details"):
 * at 390 px a venue manager finds a new tablet (offline, never seen), pairs it: the dialog shows a
 * QR code and the short code in large type; the binary serves the QR code's address; the tablet
 * redeems the code through the public endpoint (a second time is refused), polls its playlist
 * with the delivered key; the dialog closes by itself with "Tablet … is paired", and the list
 * shows the tablet online.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { MANAGER, apiLogin } from './_api.mjs';
import { ACTION_TIMEOUT, baseUrl, loginToWorkbench, settledBox, shots, test } from './_fixtures.mjs';

const PHONE_WIDTH = 390;

/** The element is inside the screen horizontally. */
async function assertInReach(locator, what) {
  const box = await settledBox(locator);
  assert.ok(box, `${what} is shown`);
  assert.ok(
    box.x >= 0 && box.x + box.width <= PHONE_WIDTH,
    `${what} is at x ${box.x}..${box.x + box.width}`,
  );
}

test('pairing: at 390 px a manager pairs a tablet by QR code; the tablet redeems it once and shows online', async ({ phonePage }) => {
  const token = await apiLogin(baseUrl, MANAGER);
  const number = `P${Date.now() % 1e8}`;
  const created = await fetch(`${baseUrl}/api/merchant/tablet`, {
    method: 'POST',
    headers: { Authorization: token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ number, name: 'Pairing test' }),
  }).then((r) => r.json());
  assert.equal(created.code, 10000, `tablet added: ${created.msg}`);

  const { context, page } = await phonePage();
  await loginToWorkbench(page, MANAGER.user, MANAGER.password);
  await page.goto(`${baseUrl}/advert/tablet`);
  const box = page.getByTestId('tablet-filter-keyword');
  await box.waitFor();
  await box.fill(number);
  await box.press('Enter');
  const card = page.getByTestId('tablet-cards').getByTestId('card').filter({ hasText: number });
  await card.waitFor();
  const presence = card.getByTestId(`tablet-presence-${number}`);
  assert.equal(await presence.getAttribute('data-online'), 'no', 'a new tablet is offline');
  assert.match(await presence.innerText(), /Offline/);
  assert.match(await presence.innerText(), /Never/);

  await card.getByTestId(`tablet-pair-${number}`).click();
  const modal = page.getByTestId('pair-modal');
  const codeEl = modal.getByTestId('pair-code');
  await codeEl.waitFor();
  const code = await codeEl.getAttribute('data-code');
  assert.match(code, /^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/, `an 8-character code: ${code}`);
  assert.ok(
    (await codeEl.innerText()).includes(`${code.slice(0, 4)}-${code.slice(4)}`),
    'the code in two groups',
  );
  await modal.locator('.ant-qrcode canvas').waitFor();
  await assertInReach(modal.locator('.ant-qrcode'), 'the QR code');
  await assertInReach(codeEl, 'the short code');
  assert.match(await modal.getByTestId('pair-expires').innerText(), /Expires in (10:00|9:\d\d)/);
  await page.screenshot({ path: path.join(shots, 'tablet-pairing-phone.png') });

  // The QR code's address is served by the binary and shows the code without spending it.
  const pageRes = await fetch(`${baseUrl}/tablet/pair?code=${code}`, {
    headers: { 'Accept-Language': 'en' },
  });
  assert.equal(pageRes.status, 200);
  assert.ok(
    (await pageRes.text()).includes(`${code.slice(0, 4)}-${code.slice(4)}`),
    'the pairing page shows the code',
  );

  // The tablet redeems the code once and receives its key.
  const redeem = () =>
    fetch(`${baseUrl}/api/public/tablet/pair`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', currentLocale: 'en_US' },
      body: JSON.stringify({ code: code.toLowerCase() }),
    }).then((r) => r.json());
  const first = await redeem();
  assert.equal(first.code, 10000, `redeemed: ${first.msg}`);
  assert.equal(first.result.number, number);
  assert.equal(first.result.key.length, 43);
  const again = await redeem();
  assert.notEqual(again.code, 10000, 'a second redemption is refused');
  assert.match(JSON.stringify(again), /already been used/);

  // The tablet polls its playlist with the key.
  const poll = await fetch(`${baseUrl}/api/public/tablet/${first.result.key}/playlist`).then(
    (r) => r.json(),
  );
  assert.equal(poll.code, 10000, `playlist: ${poll.msg}`);
  // The dialog sees the redemption by itself: it says so and closes, and the list refreshes.
  await page.getByText(`Tablet ${number} is paired`).waitFor({ timeout: ACTION_TIMEOUT });
  await modal.waitFor({ state: 'hidden', timeout: ACTION_TIMEOUT });
  // The list shows it online (searched again, in case it refreshed before the playlist poll).
  await box.press('Enter');
  await card.locator(`[data-testid="tablet-presence-${number}"][data-online="yes"]`).waitFor();
  assert.match(await presence.innerText(), /Online/);
  assert.match(await presence.innerText(), /Last seen \d{4}-\d\d-\d\d \d\d:\d\d/);
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scroll <= PHONE_WIDTH + 1, `the page is ${scroll} px wide`);
  await page.screenshot({ path: path.join(shots, 'tablet-online-phone.png'), fullPage: true });
  await context.close();
});
