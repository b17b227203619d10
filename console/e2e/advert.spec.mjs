/**
 * Browser tests of in-venue advertising (issue 7):
 * demo_admin adds a tablet (its key is shown once), publishes an image ad with an uploaded PNG;
 * demo_reviewer sees the ad's preview in the inbox and approves it; the tablet's playlist
 * (GET /api/public/tablet/<key>/playlist) then returns the ad; the merchant takes it down
 * (confirmed, with a reason) and the playlist drops it. Also: a tenth image and a link that is
 * not http(s) are refused with the spec's messages, in the form and by the server.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { MERCHANT, REVIEWER, apiLogin, uploadPng } from './_api.mjs';
import { ACTION_TIMEOUT, LOCKS, baseUrl, expect, loginToWorkbench, shots, test } from './_fixtures.mjs';
import { makePng } from './_png.mjs';

test.describe.configure({ mode: 'parallel' });

/** The upload address of images (what the uploader posts each accepted file to). */
const IMAGE_UPLOAD = '/api/upload/oss/aliyun/image';

const toast = (page, text) =>
  page.locator('.ant-message').getByText(text, { exact: false }).first();
const visibleDropdown = (page) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/** Picks an option of an antd Select by typing and clicking it. */
async function choose(page, select, text) {
  await select.click();
  await select.locator('input').first().fill(text);
  await visibleDropdown(page)
    .locator('.ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click();
  // close a multiple select's list by clicking beside it (Escape would close the drawer too)
  await page
    .locator('.ant-drawer-title, .ant-modal-title')
    .filter({ visible: true })
    .first()
    .click();
}

const ymd = (d) => d.toISOString().slice(0, 10);

/** Types a date range into an antd RangePicker (start, then end, then Enter). */
async function fillRange(page, picker, start, end) {
  const inputs = picker.locator('input');
  await inputs.nth(0).click();
  await inputs.nth(0).fill(start);
  await inputs.nth(0).press('Enter');
  await inputs.nth(1).fill(end);
  await inputs.nth(1).press('Enter');
}

async function playlist(baseUrl, key) {
  const res = await fetch(`${baseUrl}/api/public/tablet/${encodeURIComponent(key)}/playlist`);
  assert.equal(res.status, 200, 'the playlist answers');
  const body = await res.json();
  assert.equal(body.code, 10000);
  return body.result;
}

/** Opens the new-ad drawer of the merchant ads tab. */
async function openNewAd(page, baseUrl) {
  await page.goto(`${baseUrl}/advert/release`);
  await page.getByTestId('advert-tab-merchant').click();
  await page.getByTestId('advert-add-merchant').click();
  const drawer = page
    .locator('.ant-drawer-content')
    .filter({ has: page.getByTestId('advert-title') });
  await drawer.getByTestId('advert-title').waitFor();
  return drawer;
}

// The ad adds a task to every platform reviewer's inbox, which the live inbox test counts.
test('advert: a merchant publishes an image ad, a reviewer approves it in the inbox, the tablet playlist returns it', { lock: LOCKS.reviewerInbox }, async ({ newPage }) => {
  const stamp = Date.now().toString(36).slice(-6);
  const title = `E2E brunch ${stamp}`;
  const number = `E2E${stamp}`.toUpperCase();
  const merchant = await newPage();
  const reviewer = await newPage();
  const page = merchant.page;
  page.setDefaultTimeout(ACTION_TIMEOUT);
  reviewer.page.setDefaultTimeout(ACTION_TIMEOUT);
  try {
    await loginToWorkbench(page, MERCHANT.user, MERCHANT.password);

    // ---- a tablet of the venue: its key is shown once, with the playlist address
    await page.goto(`${baseUrl}/advert/tablet`);
    await page.getByTestId('tablet-add').click();
    const tabletModal = page
      .locator('.ant-modal')
      .filter({ has: page.getByTestId('tablet-number') });
    const venueSelect = tabletModal.getByTestId('tablet-venue');
    if (!(await venueSelect.locator('.ant-select-selection-item').count())) {
      await choose(page, venueSelect, 'Demo Bistro Riverside');
    }
    await tabletModal.getByTestId('tablet-number').fill(number);
    await tabletModal.getByTestId('tablet-name').fill('E2E tablet');
    await tabletModal.getByTestId('tablet-save').click();
    await page.getByTestId('tablet-key').waitFor();
    const key = (await page.getByTestId('tablet-key-value').innerText()).trim();
    assert.match(key, /^[A-Za-z0-9_-]{40,}$/, 'the key is a long random secret');
    assert.ok(
      (await page.getByTestId('tablet-playlist-url').innerText()).includes(
        `/api/public/tablet/${key}/playlist`,
      ),
    );
    await page.getByTestId('tablet-key-ok').click();
    await page.getByTestId(`tablet-row-${number}`).waitFor();
    assert.equal(
      (await playlist(baseUrl, key)).ads.some((a) => a.title === title),
      false,
    );

    // ---- a merchant ad: one uploaded PNG, 8 s, a week from today, all tablets of the venue
    const drawer = await openNewAd(page, baseUrl);
    await drawer.getByTestId('advert-title').fill(title);
    await drawer
      .locator('input[type="file"]')
      .setInputFiles({ name: 'brunch.png', mimeType: 'image/png', buffer: makePng(160) });
    await drawer.getByTestId('advert-duration-0').waitFor();
    await drawer.getByTestId('advert-duration-0').fill('8');
    await drawer.getByTestId('advert-total').getByText('total 8 s').waitFor();
    const today = new Date();
    await fillRange(
      page,
      drawer.locator('.ant-picker-range').first(),
      ymd(today),
      ymd(new Date(today.getTime() + 7 * 86400e3)),
    );
    await choose(page, drawer.getByTestId('advert-target-venues'), 'Demo Bistro Riverside');
    await drawer
      .getByTestId('advert-reached')
      .getByText(/Plays on [1-9]\d* tablets/)
      .waitFor();
    await drawer.getByText('Web page (URL)', { exact: true }).click();
    await drawer.getByTestId('advert-link-url').fill('https://example.com/brunch');
    await drawer.getByTestId('advert-save-publish').click();
    await toast(page, 'Publish Succeed').waitFor();
    const row = page
      .locator('.ant-table-row')
      .filter({ has: page.getByTestId(/^advert-row-AD/) })
      .filter({ hasText: title });
    await row.waitFor();
    await row.getByText(/Pending review|Submitting/).waitFor();

    // ---- the reviewer approves it from the inbox, seeing the ad's preview
    await loginToWorkbench(reviewer.page, REVIEWER.user, REVIEWER.password);
    await reviewer.page.goto(`${baseUrl}/process/user/tasks`);
    const task = reviewer.page.locator('.ant-table-row').filter({ hasText: title }).first();
    await task.waitFor({ timeout: 30_000 });
    await task.locator('a[data-testid^="task-open-"]').click();
    const preview = reviewer.page.getByTestId('advert-review-preview');
    await preview.waitFor();
    await preview.getByTestId('advert-review-title').getByText(title).waitFor();
    await preview.getByTestId('advert-preview-image').waitFor();
    await preview.getByText('https://example.com/brunch').waitFor();
    await reviewer.page.screenshot({ path: path.join(shots, 'advert-review.png') });
    if (await reviewer.page.getByTestId('task-action-claim').count()) {
      await reviewer.page.getByTestId('task-action-claim').click();
      await toast(reviewer.page, 'Claim').waitFor();
    }
    await reviewer.page.getByTestId('task-action-approve').click();
    await reviewer.page.getByTestId('task-comment').fill('Bright and clear');
    await reviewer.page.getByTestId('task-action-confirm').click();
    await toast(reviewer.page, 'Approve').waitFor();

    // ---- the merchant sees it approved, with the opinion and the timeline
    await page.getByTestId('advert-tab-merchant').click();
    await expect(async () => {
      await page.locator('.ant-pro-table-list-toolbar .anticon-reload').first().click();
      await expect(row.getByText('Approved', { exact: true }), 'the ad shows as approved').toBeVisible({
        timeout: 2000,
      });
    }).toPass({ timeout: 60_000 });
    await row.getByText(title).click();
    const detail = page.getByTestId('advert-detail');
    await detail.waitFor();
    await detail.getByTestId('advert-opinion').getByText('Bright and clear').waitFor();
    await detail.getByTestId('advert-timeline').getByText('Approved by').waitFor();
    await page.screenshot({ path: path.join(shots, 'advert-detail.png') });

    // ---- the tablet's playlist returns it (materials, durations, link)
    let list;
    await expect
      .poll(async () => (list = await playlist(baseUrl, key)).ads.some((a) => a.title === title), {
        intervals: [250],
        message: `the playlist of tablet ${number} has the ad`,
      })
      .toBe(true);
    const ad = list.ads.find((a) => a.title === title);
    assert.ok(ad, `the playlist of tablet ${number} has the ad`);
    assert.equal(ad.materials.length, 1);
    assert.equal(ad.materials[0].duration, 8);
    assert.equal(ad.totalDuration, 8);
    assert.deepEqual(ad.link, { type: 'url', value: 'https://example.com/brunch' });

    // ---- the merchant takes it down by force (confirmed, with a reason): the playlist drops it
    await page.getByTestId('advert-detail-takedown').click();
    await page.getByTestId('advert-takedown-ok').click();
    await page.getByText('Enter the reason for the takedown').waitFor();
    await page.getByTestId('advert-takedown-reason').fill('Brunch menu changed');
    await page.getByTestId('advert-takedown-ok').click();
    await toast(page, 'Modify Succeed').waitFor();
    await page
      .locator('.ant-drawer-title [data-testid="advert-status"][data-status="ended"]')
      .waitFor();
    await detail.getByText('Taken down by force').waitFor();
    await detail.getByTestId('advert-timeline').getByText('Brunch menu changed').waitFor();
    await expect
      .poll(async () => (await playlist(baseUrl, key)).ads.some((a) => a.title === title), {
        intervals: [250],
        message: 'a taken-down ad leaves the playlist',
      })
      .toBe(false);
  } catch (error) {
    await page
      .screenshot({ path: path.join(shots, 'advert-failure.png') })
      .catch(() => undefined);
    await reviewer.page
      .screenshot({ path: path.join(shots, 'advert-failure-reviewer.png') })
      .catch(() => undefined);
    throw error;
  } finally {
    await merchant.context.close();
    await reviewer.context.close();
  }
});

test('advert: a tenth image and a link that is not http(s) are refused with the spec messages', async ({ newPage }) => {
  const { context, page } = await newPage();
  page.setDefaultTimeout(ACTION_TIMEOUT);
  try {
    await loginToWorkbench(page, MERCHANT.user, MERCHANT.password);
    const drawer = await openNewAd(page, baseUrl);
    await drawer.getByTestId('advert-title').fill('E2E too many');
    const sent = [];
    const answered = [];
    const isUpload = (r) => new URL(r.url()).pathname === IMAGE_UPLOAD;
    page.on('request', (r) => isUpload(r) && sent.push(r));
    page.on('requestfinished', (r) => isUpload(r) && answered.push(r));
    const files = Array.from({ length: 10 }, (_, i) => ({
      name: `slide-${i + 1}.png`,
      mimeType: 'image/png',
      buffer: makePng(48 + i),
    }));
    await drawer.locator('input[type="file"]').setInputFiles(files);
    await toast(page, 'At most 9 images can be uploaded').waitFor();
    await drawer.getByTestId('advert-duration-8').waitFor({ timeout: 30_000 });
    await drawer.getByTestId('advert-total').getByText('9 of 9 · total 1 min 30 s').waitFor();
    // Each accepted file is sent as soon as it is chosen, the tenth was refused before any was sent: once the
    // uploads sent have all answered, nothing more can come.
    await expect.poll(() => answered.length, { message: 'the accepted images are uploaded' }).toBe(sent.length);
    assert.equal(sent.length, 9, 'the tenth image is not sent');
    assert.equal(
      await drawer.locator('[data-testid^="advert-duration-"]').count(),
      9,
      'nine images are kept',
    );

    // a link that does not start with http or https
    await drawer.getByText('Web page (URL)', { exact: true }).click();
    await drawer.getByTestId('advert-link-url').fill('ftp://example.com/menu');
    await drawer.getByTestId('advert-save').click();
    await drawer
      .locator('.ant-form-item-explain-error')
      .getByText('The link must start with http or https')
      .waitFor();
    await page.screenshot({ path: path.join(shots, 'advert-rules.png') });

    // the server refuses the same with the same words
    const token = await apiLogin(baseUrl, MERCHANT);
    const url = await uploadPng(baseUrl, token, makePng(40), 'x.png');
    const ad = {
      title: 'E2E server rules',
      materialType: 'image',
      materials: Array.from({ length: 10 }, () => ({ url, duration: 5 })),
      startDate: ymd(new Date()),
      endDate: ymd(new Date(Date.now() + 86400e3)),
      targetType: 'venue',
      targetIds: [],
      linkType: 'url',
      linkValue: 'ftp://example.com/menu',
    };
    const res = await fetch(`${baseUrl}/api/merchant/advert`, {
      method: 'POST',
      headers: {
        Authorization: token,
        'Content-Type': 'application/json',
        currentLocale: 'en_US',
      },
      body: JSON.stringify(ad),
    });
    const refused = await res.json();
    assert.equal(refused.code, 10001);
    assert.equal(refused.fields.materials, 'At most 9 images can be uploaded');
    assert.match(refused.fields.linkValue, /must start with http or https/);
  } catch (error) {
    await page
      .screenshot({ path: path.join(shots, 'advert-rules-failure.png') })
      .catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
});
