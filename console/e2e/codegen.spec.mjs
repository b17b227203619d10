/**
 * Browser test of code generation (issue 18): as the platform
 * administrator define an entity with three fields at /auto/completeList, see a reserved word
 * refused on its field, preview the generated files (highlighted), download the zip and check
 * its entries, and save the definition.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { baseUrl, loginToWorkbench, shots, test } from './_fixtures.mjs';
import { pickIn } from './_select.mjs';

/** Opens an antd Select by its test id and picks the option with this text. */
const pick = (page, testId, optionText) => pickIn(page, page.getByTestId(testId), optionText, { exact: true });

/** The entries of a zip (its central directory), with their contents. */
function readZip(buf) {
  let end = buf.length - 22;
  while (end >= 0 && buf.readUInt32LE(end) !== 0x06054b50) end -= 1;
  assert.ok(end >= 0, 'zip end record');
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const entries = new Map();
  for (let i = 0; i < count; i += 1) {
    assert.equal(buf.readUInt32LE(at), 0x02014b50, 'central directory entry');
    const method = buf.readUInt16LE(at + 10);
    const size = buf.readUInt32LE(at + 20);
    const nameLen = buf.readUInt16LE(at + 28);
    const extraLen = buf.readUInt16LE(at + 30);
    const commentLen = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLen);
    const dataAt = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(dataAt, dataAt + size);
    entries.set(name, (method === 8 ? inflateRawSync(raw) : raw).toString('utf8'));
    at += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

test('codegen: define an entity with three fields, preview, download the zip, save', async ({ newPage }) => {
  const stamp = Date.now()
    .toString(36)
    .slice(-5)
    .replace(/[^a-z0-9]/g, 'x');
  const module = `eshelf${stamp}`;
  const { context, page } = await newPage();
  try {
    await loginToWorkbench(page);
    await page.goto(`${baseUrl}/auto/completeList`);
    await page.getByTestId('codegen-page').waitFor();
    await page.getByTestId('codegen-new').click();
    await page.getByTestId('codegen-module').fill(module);
    await page.getByTestId('codegen-entity').fill('shelfItem');
    assert.equal(
      await page.getByTestId('codegen-table').inputValue(),
      `${module}_shelf_items`,
      'table suggested',
    );
    await page.getByTestId('codegen-label').fill('Shelf item');

    // three fields: a required string, money, a date; the second first named with a reserved word
    await page.getByTestId('codegen-field-0-name').fill('title');
    await page.getByTestId('codegen-field-0-label').fill('Title');
    await page.getByTestId('codegen-field-0-required').check();
    await page.getByTestId('codegen-add-field').click();
    await page.getByTestId('codegen-field-1-name').fill('type');
    await page.getByTestId('codegen-field-1-label').fill('Price');
    await pick(page, 'codegen-field-1-type', 'Money (minor units)');
    await page.getByTestId('codegen-add-field').click();
    await page.getByTestId('codegen-field-2-name').fill('arrivedOn');
    await page.getByTestId('codegen-field-2-label').fill('Arrived on');
    await pick(page, 'codegen-field-2-type', 'Date');

    await page.getByTestId('codegen-preview').click();
    const refusal = page.getByTestId('codegen-field-1').locator('.ant-form-item-explain-error');
    await refusal.getByText('Field 2: "type" is a reserved word of Go').waitFor();
    await page.getByTestId('codegen-field-1-name').fill('price');

    // preview: every file, highlighted
    await page.getByTestId('codegen-preview').click();
    const drawer = page.getByTestId('codegen-preview-drawer');
    await drawer.getByTestId('codegen-files').waitFor();
    const paths = await drawer.locator('.codegen-preview-file').allInnerTexts();
    for (const p of [
      `modules/${module}/module.go`,
      `modules/${module}/shelf_item_handlers.go`,
      `modules/${module}/shelf_item_test.go`,
      `console/src/pages/${module[0].toUpperCase()}${module.slice(1)}/ShelfItem/index.tsx`,
      `internal/i18n/locales/${module}/zh.json`,
      `console/src/locales/areas/${module}/ar-EG.ts`,
    ]) {
      assert.ok(paths.includes(p), `preview lists ${p}`);
    }
    await drawer
      .locator(`.codegen-preview-file[data-path="modules/${module}/shelf_item_handlers.go"]`)
      .click();
    const code = drawer.getByTestId('codegen-code');
    await code.getByText(`${module}:shelfItem`, { exact: false }).first().waitFor();
    await code.locator('.hl-keyword').first().waitFor(); // the highlighter ran
    assert.ok((await code.locator('.hl-string').count()) > 5, 'strings highlighted');
    await page.screenshot({ path: path.join(shots, 'codegen-preview.png') });
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });

    // download: a zip of exactly the previewed files
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('codegen-download').click(),
    ]);
    assert.equal(download.suggestedFilename(), `${module}-shelfItem.zip`);
    const entries = readZip(readFileSync(await download.path()));
    assert.deepEqual(
      [...entries.keys()].sort(),
      [...paths].sort(),
      'zip holds the previewed files',
    );
    assert.match(entries.get(`modules/${module}/models.go`), /Price\s+\*?int64/);
    assert.match(entries.get(`modules/${module}/README.md`), /platform\/modules\.go/);

    // save: the definition is listed and reopens
    await page.getByTestId('codegen-save').click();
    await page.locator('.ant-message').getByText('Modify Succeed').waitFor();
    await page.getByTestId('codegen-editor').locator('.ant-drawer-close').first().click();
    await page.getByTestId(`codegen-open-${module}`).waitFor();
  } catch (error) {
    await page
      .screenshot({ path: path.join(shots, 'codegen-failure.png') })
      .catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
});
