/**
 * Browser tests of the menu catalogue pages (issue 8):
 * as demo_admin create a category, a dish with two specification groups and an uploaded PNG,
 * a promotion; see the dish with its promotion price in the public menu; mark it sold out in
 * the console (with the confirmation) and see that in the public menu too. Along the way the
 * form rules and messages of spec section 5/8 are checked in the browser.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { MERCHANT, apiLogin, apiOf } from './_api.mjs';
import { LOCKS, baseUrl, expect, loginToWorkbench, settledBox, shots, test } from './_fixtures.mjs';
import { makePng } from './_png.mjs';

test.describe.configure({ mode: 'parallel' });

// ------------------------------------------------------------------ API helpers (the merchant's view)

/** The merchant's first venue key, from the organisation tree (sys:org:query, granted to merchant_admin). */
async function venueKey(baseUrl, token) {
  const res = await fetch(`${baseUrl}/api/sys/org/tree`, { headers: { Authorization: token } });
  const body = await res.json();
  assert.equal(body.code, 10000, `org tree: ${body.msg}`);
  const stack = [...body.result];
  while (stack.length) {
    const node = stack.shift();
    if (node.type === 'venue' && node.venueKey) return node.venueKey;
    stack.push(...(node.children ?? []));
  }
  throw new Error('the demo merchant has no venue with a key');
}

async function publicDish(baseUrl, key, number) {
  const res = await fetch(`${baseUrl}/api/public/venue/${encodeURIComponent(key)}/menu?lang=en_US`);
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.equal(body.code, 10000);
  for (const category of body.result.categories) {
    const dish = category.dishes.find((d) => d.number === number);
    if (dish) return { category, dish, menu: body.result };
  }
  return undefined;
}

// ------------------------------------------------------------------ UI helpers

const visibleDropdown = (page) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/** Picks an option of an antd Select; a searchable one is typed into (its list is virtual). */
async function choose(page, trigger, optionText, search = false) {
  await trigger.click();
  if (search) await trigger.locator('input').fill(optionText);
  await visibleDropdown(page)
    .locator('.ant-select-item-option')
    .getByText(optionText, { exact: true })
    .last()
    .click();
}

/**
 * Clicks a drawer's save button and waits for its POST to answer with success. When nothing is sent, the failure
 * names what the form shows (its field errors and any message), so a CI log says why the save did not go out.
 */
async function saveAndAwait(page, drawer, testId, pathSuffix) {
  const answer = page
    .waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith(pathSuffix), {
      timeout: 30_000,
    })
    .catch(() => null);
  await drawer.getByTestId(testId).click();
  const res = await answer;
  if (!res) {
    const errors = await drawer.locator('.ant-form-item-explain-error').allInnerTexts();
    const messages = await page.locator('.ant-message').allInnerTexts();
    throw new Error(
      `saving sent no POST ${pathSuffix} within 30 s; form errors: ${errors.join(' | ') || '(none)'}; messages: ${messages.join(' | ') || '(none)'}`,
    );
  }
  const body = await res.json();
  assert.equal(body.code, 10000, `POST ${pathSuffix} answered ${res.status()}: ${body.msg}`);
}

const messageText = (page, text) => page.locator('.ant-message').getByText(text, { exact: false });

// It marks its new dish sold out: the phone dish test counts the sold-out dishes.
test('cuisine: category, dish with specifications and image, promotion, public menu, sold out', { lock: LOCKS.soldOut }, async ({ newPage }) => {
  const stamp = Date.now().toString(36).slice(-6);
  const category = `E2E category ${stamp}`;
  const dishName = `E2E noodles ${stamp}`;
  const number = `E2E${stamp}`.toUpperCase();
  const { context, page } = await newPage();
  try {
    await scenario(page, { stamp, category, dishName, number });
  } catch (error) {
    await page
      .screenshot({ path: path.join(shots, 'cuisine-failure.png') })
      .catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
});

test('cuisine: drag order, delete moving dishes, bulk shelf, value sold out, import errors', async ({ newPage }) => {
  const stamp = Date.now().toString(36).slice(-6);
  const token = await apiLogin(baseUrl, MERCHANT);
  const api = apiOf(baseUrl, token);
  const first = await api('POST', '/merchant/cuisine/category', {
    name: `E2E move ${stamp} A`,
    sort: 900,
  });
  const second = await api('POST', '/merchant/cuisine/category', {
    name: `E2E move ${stamp} B`,
    sort: 901,
  });
  const number = `MV${stamp}`.toUpperCase();
  const dish = await api('POST', '/merchant/cuisine/dish', {
    name: `E2E tea ${stamp}`,
    number,
    categoryId: first.id,
    sort: 1,
    price: 800,
    description: 'Jasmine tea',
    images: [],
    specialty: false,
    specs: [{ name: 'Temperature', required: true, content: 'Hot,Iced' }],
  });
  const key = await venueKey(baseUrl, token);
  const { context, page } = await newPage();
  try {
    await loginToWorkbench(page, MERCHANT.user, MERCHANT.password);

    // drag B above A: the new order is saved
    await page.goto(`${baseUrl}/cuisine/category`);
    const filter = page.locator('.ant-pro-query-filter');
    await filter.getByLabel('Category name').fill(`E2E move ${stamp}`);
    const listed = page.waitForResponse(
      (r) =>
        r.request().method() === 'GET' &&
        [...new URL(r.url()).searchParams.values()].includes(`E2E move ${stamp}`),
    );
    await filter.getByRole('button', { name: 'Query' }).click();
    const rowA = page.locator('tr', {
      has: page.getByTestId(`category-row-E2E move ${stamp} A`),
    });
    const rowB = page.locator('tr', {
      has: page.getByTestId(`category-row-E2E move ${stamp} B`),
    });
    const handle = rowB
      .locator('.anticon-holder, [aria-roledescription="sortable"], .ant-pro-table-drag-icon')
      .first();
    // The query re-renders the table: take the boxes once its answer is shown and both rows stand still in view.
    const box = async (locator) => {
      await locator.scrollIntoViewIfNeeded();
      const b = await settledBox(locator);
      expect(b, 'the row is shown').not.toBeNull();
      return b;
    };
    await listed;
    await rowA.waitFor();
    await rowB.waitFor();
    const from = await box(handle);
    const to = await box(rowA);
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 10 });
    await page.mouse.up();
    await messageText(page, 'Modify Succeed').first().waitFor();
    const [a, b] = await Promise.all([
      api('GET', `/merchant/cuisine/category/${first.id}`),
      api('GET', `/merchant/cuisine/category/${second.id}`),
    ]);
    assert.ok(b.sort < a.sort, `B (${b.sort}) is now before A (${a.sort})`);

    // A still holds a dish: deleting it asks where the dish goes
    await page.getByTestId(`category-delete-E2E move ${stamp} A`).click();
    const move = page
      .locator('.ant-modal')
      .filter({ hasText: `Delete the category E2E move ${stamp} A` });
    await move.getByText('still holds 1 dishes').waitFor();
    await choose(page, move.getByTestId('category-move-to'), `E2E move ${stamp} B`, true);
    await move.getByTestId('category-move-ok').click();
    await messageText(page, 'Delete Succeed').first().waitFor();
    assert.equal((await api('GET', `/merchant/cuisine/dish/${dish.id}`)).categoryId, second.id);

    // bulk: take the selected dish off the menu (confirmed), then back on sale
    await page.goto(`${baseUrl}/cuisine/manage`);
    const dishFilter = page.locator('.ant-pro-query-filter');
    await dishFilter.getByLabel('Dish number').fill(number);
    await dishFilter.getByRole('button', { name: 'Query' }).click();
    const row = page.locator('tr', { has: page.getByTestId(`dish-row-${number}`) });
    await row.locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: 'Take off the menu' }).click();
    await page.locator('.ant-modal-confirm-title').getByText('Take off the menu?').waitFor();
    await page.getByTestId('confirm-ok').click();
    await messageText(page, 'Modify Succeed').first().waitFor();
    assert.equal(
      await publicDish(baseUrl, key, number),
      undefined,
      'a removed dish leaves the public menu',
    );
    await row.locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: 'Put on sale' }).click();
    await page.getByTestId('confirm-ok').click();
    await page.waitForFunction(
      (n) =>
        document.querySelector(`[data-testid="shelf-${n}"]`)?.getAttribute('aria-checked') ===
        'true',
      number,
    );
    assert.ok(await publicDish(baseUrl, key, number), 'back on the public menu');

    // one value sold out from the expanded row
    await row.locator('.ant-table-row-expand-icon').click();
    const iced = page.getByTestId('option-Iced');
    await iced.locator('.ant-switch').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-testid="option-Iced"] .ant-switch')
          ?.getAttribute('aria-checked') === 'true',
    );
    const onMenu = await publicDish(baseUrl, key, number);
    assert.deepEqual(
      onMenu.dish.specs[0].options.map((o) => [o.value, o.soldOut]),
      [
        ['Hot', false],
        ['Iced', true],
      ],
    );

    // import: the template's example names a category that does not exist -> a per-row error, nothing written
    const template = await fetch(`${baseUrl}/api/merchant/cuisine/dish/import/template`, {
      headers: { Authorization: token },
    });
    assert.equal(template.status, 200);
    const xlsx = Buffer.from(await template.arrayBuffer());
    await page.getByTestId('dish-import').click();
    const importModal = page
      .locator('.ant-modal')
      .filter({ hasText: 'Import dishes from Excel' });
    await importModal.locator('input[type=file]').setInputFiles({
      name: 'dishes.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: xlsx,
    });
    await importModal.getByText('1 of 1 rows have errors; nothing was imported.').waitFor();
    const errorRow = importModal.getByTestId('import-errors').locator('.ant-table-row').first();
    assert.match(await errorRow.innerText(), /^2\b/);
    await page.screenshot({ path: path.join(shots, 'cuisine-import.png') });
  } catch (error) {
    await page
      .screenshot({ path: path.join(shots, 'cuisine-failure-2.png') })
      .catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
});

async function scenario(page, { stamp, category, dishName, number }) {
  await loginToWorkbench(page, MERCHANT.user, MERCHANT.password);

  // --- category: required fields, then created
  await page.goto(`${baseUrl}/cuisine/category`);
  await page.getByTestId('category-add').click();
  const catModal = page.locator('.ant-modal').filter({ hasText: 'New category' });
  await catModal.getByTestId('category-save').click();
  await catModal.getByText('Category name cannot be empty').waitFor();
  await catModal.getByTestId('category-name').fill(category);
  await catModal.getByTestId('category-save').click();
  await messageText(page, 'Modify Succeed').first().waitFor();
  await page.getByTestId(`category-row-${category}`).waitFor();

  // --- dish: the drawer's rules, an image, two specification groups
  await page.goto(`${baseUrl}/cuisine/manage`);
  await page.getByTestId('dish-add').click();
  const drawer = page.locator('.ant-drawer-content').filter({ hasText: 'New dish' });
  await drawer.getByTestId('dish-save').click();
  await drawer.getByText('Dish name cannot be empty').waitFor();
  await drawer.getByText('Category must be selected').waitFor();
  await drawer.getByText('Description must be entered').waitFor();

  await drawer.getByTestId('dish-name').fill(dishName);
  await drawer.getByTestId('dish-number').fill(number);
  await choose(page, drawer.getByTestId('dish-category'), category, true);
  await drawer.getByTestId('dish-price').fill('12.355');
  await drawer.getByText('Enter an amount with at most 2 decimals, such as 12.50').waitFor();
  await drawer.getByTestId('dish-price').fill('12.35');
  await drawer.getByTestId('dish-description').fill('Hand-pulled noodles in a clear broth.');

  // images: the type is checked before anything is sent, then a real PNG is cropped and uploaded
  const fileInput = drawer.locator('input[type=file]');
  await fileInput.setInputFiles({
    name: 'menu.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a picture'),
  });
  await messageText(page, 'only jpg, jpeg, png, gif files can be uploaded').waitFor();
  await fileInput.setInputFiles({
    name: 'noodles.png',
    mimeType: 'image/png',
    buffer: makePng(96),
  });
  const crop = page.locator('.ant-modal').filter({ hasText: 'Crop the picture' });
  await crop.waitFor();
  await crop.getByRole('button', { name: 'OK' }).click();
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.ant-drawer .ant-upload-list-item img')].some((i) =>
      i.getAttribute('src')?.startsWith('/uploads/'),
    ),
  );

  await drawer.getByTestId('spec-add').click();
  await drawer.getByTestId('spec-add').click();
  await drawer.getByTestId('spec-name-0').fill('Size');
  await drawer.getByTestId('spec-content-0').fill('Small, Large');
  await drawer.getByTestId('spec-content-add-0').click();
  await drawer.getByTestId('spec-0-delta-1').fill('5.00');
  await drawer.getByTestId('spec-name-1').fill('Spice');
  await drawer.getByTestId('spec-content-1').fill('Mild，Hot');
  await drawer.getByTestId('spec-content-add-1').click();
  // the form's own rules: repeated sorts and repeated values are refused before sending
  await drawer.getByTestId('spec-sort-1').fill('1');
  await drawer.getByTestId('spec-group-1').getByRole('button', { name: 'Add a value' }).click();
  await drawer.getByTestId('spec-1-value-2').fill('hot');
  await drawer.getByTestId('dish-save').click();
  await drawer.getByText("specification attribute sorting can't be repeated").waitFor();
  await drawer.getByText("property content can't be repeated: hot").waitFor();
  await drawer.getByTestId('spec-sort-1').fill('2');
  await drawer
    .getByTestId('spec-group-1')
    .getByRole('button', { name: 'Remove this value' })
    .nth(2)
    .click();
  await page.screenshot({ path: path.join(shots, 'cuisine-dish-form.png') });
  await saveAndAwait(page, drawer, 'dish-save', '/merchant/cuisine/dish');
  await messageText(page, 'Created').first().waitFor();
  const filter = page.locator('.ant-pro-query-filter');
  await filter.getByLabel('Dish number').fill(number);
  await filter.getByRole('button', { name: 'Query' }).click();
  await page.getByTestId(`dish-row-${number}`).waitFor();

  // the server kept what the form sent: integer minor units, two groups, the uploaded picture
  const token = await apiLogin(baseUrl, MERCHANT);
  const list = await (
    await fetch(`${baseUrl}/api/merchant/cuisine/dish?number=${number}`, {
      headers: { Authorization: token },
    })
  ).json();
  assert.equal(list.result.total, 1);
  const saved = list.result.records[0];
  assert.equal(saved.price, 1235);
  assert.equal(saved.images.length, 1);
  assert.match(saved.images[0], /^\/uploads\/.+\.png$/);
  const detail = await (
    await fetch(`${baseUrl}/api/merchant/cuisine/dish/${saved.id}`, {
      headers: { Authorization: token },
    })
  ).json();
  assert.deepEqual(
    detail.result.specs.map((s) => [s.name, s.options.map((o) => [o.value, o.priceDelta])]),
    [
      [
        'Size',
        [
          ['Small', 0],
          ['Large', 500],
        ],
      ],
      [
        'Spice',
        [
          ['Mild', 0],
          ['Hot', 0],
        ],
      ],
    ],
  );

  // an empty filter cannot be exported
  await filter.getByLabel('Dish number').fill(`nothing-${stamp}`);
  await filter.getByRole('button', { name: 'Query' }).click();
  await page.locator('.ant-table-placeholder').first().waitFor();
  await page.getByTestId('dish-export').click();
  await messageText(page, 'current page has no data, cannot export').waitFor();

  // --- promotion: 'select at least one item to save', the row-naming price rule, then saved
  await page.goto(`${baseUrl}/cuisine/promotion`);
  await page.getByTestId('promotion-add').click();
  const promo = page.locator('.ant-drawer-content').filter({ hasText: 'New promotion' });
  await promo.getByTestId('promotion-name').fill(`E2E promotion ${stamp}`);
  await promo.getByTestId('promotion-save').click();
  await promo
    .getByTestId('promotion-alert')
    .getByText('select at least one item to save')
    .waitFor();

  await promo.getByTestId('promotion-pick').click();
  const picker = page.locator('.ant-modal').filter({ hasText: 'Select dishes' });
  await picker.locator('.ant-table-row').first().waitFor(); // the first page has loaded
  await picker.getByLabel('Dish number').fill(number);
  await picker.getByRole('button', { name: 'Query' }).click();
  const pickRow = picker.locator('tr', { hasText: dishName });
  await pickRow.waitFor();
  await pickRow.locator('input[type=checkbox]').check();
  await picker.getByTestId('picker-ok').click();
  await promo.getByTestId('promotion-rows').getByText(dishName, { exact: true }).waitFor();

  await choose(page, promo.getByTestId('promo-mode-0'), 'Amount off');
  await promo.getByTestId('promo-value-0').fill('0');
  await promo.getByTestId('promotion-save').click();
  const notLower = `Row 1 (${dishName}): the promotion price must be lower than the original price`;
  await promo.getByTestId('promotion-alert').getByText(notLower).waitFor();
  await promo.getByTestId('promo-row-error-0').getByText(notLower).waitFor();

  await choose(page, promo.getByTestId('promo-mode-0'), 'Percent off');
  await promo.getByTestId('promo-value-0').fill('20');
  // 20 % of 12.35 is 2.47 exactly; the form computes it as the server will
  assert.equal((await promo.getByTestId('promo-price-0').innerText()).trim(), '9.88');
  assert.equal((await promo.getByTestId('promo-discount-0').innerText()).trim(), '2.47');
  await page.screenshot({ path: path.join(shots, 'cuisine-promotion-form.png') });
  await promo.getByTestId('promotion-save').click();
  await messageText(page, 'Modify Succeed').first().waitFor();
  await page.getByTestId(`promotion-row-E2E promotion ${stamp}`).waitFor();

  // a second promotion on the same dish at the same time is refused, naming dish and promotion
  await page.getByTestId('promotion-add').click();
  const second = page.locator('.ant-drawer-content').filter({ hasText: 'New promotion' });
  await second.getByTestId('promotion-name').fill(`E2E overlap ${stamp}`);
  await second.getByTestId('promotion-pick').click();
  const picker2 = page.locator('.ant-modal').filter({ hasText: 'Select dishes' });
  await picker2.locator('.ant-table-row').first().waitFor();
  await picker2.getByLabel('Dish number').fill(number);
  await picker2.getByRole('button', { name: 'Query' }).click();
  await picker2.locator('tr', { hasText: dishName }).locator('input[type=checkbox]').check();
  await picker2.getByTestId('picker-ok').click();
  await second.getByTestId('promo-value-0').fill('10');
  await second.getByTestId('promotion-save').click();
  const overlap = second.getByTestId('promotion-alert');
  await overlap.getByText(dishName, { exact: false }).waitFor();
  assert.match(await overlap.innerText(), new RegExp(`E2E promotion ${stamp}`));
  await second.getByTestId('promo-row-error-0').waitFor();
  // unsaved input is not lost silently: Esc asks first, and only "Discard" closes the drawer
  await page.keyboard.press('Escape');
  await page.getByTestId('discard-ok').click();
  await second.waitFor({ state: 'hidden' });

  // --- the public menu: the dish with its promotion price, its specifications and picture
  const key = await venueKey(baseUrl, token);
  const found = await publicDish(baseUrl, key, number);
  assert.ok(found, 'the new dish is on the public menu');
  assert.equal(found.category.name, category);
  assert.equal(found.dish.originalPrice, 1235);
  assert.equal(found.dish.finalPrice, 988);
  assert.equal(found.dish.promotion?.discount, 247);
  assert.equal(found.dish.soldOut, false);
  assert.equal(found.dish.images.length, 1);
  assert.deepEqual(
    found.dish.specs.map((s) => s.name),
    ['Size', 'Spice'],
  );

  // --- sold out from the console, confirmed first, and at once on the public menu
  await page.goto(`${baseUrl}/cuisine/manage`);
  await page.locator('.ant-pro-query-filter').getByLabel('Dish number').fill(number);
  await page.locator('.ant-pro-query-filter').getByRole('button', { name: 'Query' }).click();
  await page.getByTestId(`soldout-${number}`).click();
  const confirm = page.locator('.ant-modal').filter({ hasText: 'Mark sold out?' });
  await confirm.getByTestId('soldout-question').getByText(dishName, { exact: false }).waitFor();
  await confirm.getByTestId('soldout-ok').click();
  await messageText(page, 'Modify Succeed').first().waitFor();
  await page.waitForFunction(
    (n) =>
      document.querySelector(`[data-testid="soldout-${n}"]`)?.getAttribute('aria-checked') ===
      'true',
    number,
  );
  await page.screenshot({ path: path.join(shots, 'cuisine-dishes.png') });
  const after = await publicDish(baseUrl, key, number);
  assert.equal(after?.dish.soldOut, true, 'the public menu shows the dish sold out');
}
