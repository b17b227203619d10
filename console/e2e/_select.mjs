// antd Select helpers for the browser tests.
//
// A Select's list is a portal at the end of <body>; after a pick it plays a closing animation during which it is
// still "not hidden". A locator for "the visible dropdown" then matches the closing list of the previous select as
// well as the one just opened, and a click may land on an option that is moving away (CI saw exactly that: "element
// is not stable" on an option of the list being closed). These helpers address the list a select owns, through the
// id its input names in aria-controls, and wait for it to close after a pick.

/** The dropdown that belongs to this select (a locator of the `.ant-select` or anything inside it). */
export async function dropdownOf(page, select) {
  const input = select.locator('input[aria-controls], input[aria-owns]').first();
  await input.waitFor({ state: 'attached' });
  const id = (await input.getAttribute('aria-controls')) || (await input.getAttribute('aria-owns'));
  return page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${id}"]`) });
}

/** Opens a select and answers its list (which has rendered at least one option). */
export async function openSelect(page, select) {
  const list = await dropdownOf(page, select);
  // a click while the list closes would toggle it shut again
  await list.waitFor({ state: 'hidden' }).catch(() => {});
  await select.click();
  await list.locator('.ant-select-item-option').first().waitFor();
  return list;
}

/** The texts of the options a select offers (it is left open). */
export async function optionTexts(page, select) {
  const list = await openSelect(page, select);
  return list.locator('.ant-select-item-option').allInnerTexts();
}

/**
 * Picks the option with this text in a select. `search` types it first (a long list is virtual and renders only
 * what is in view); `exact` compares the whole text. A single select's list closes; the helper waits for that.
 */
export async function pickIn(page, select, text, { search = false, exact = false } = {}) {
  const list = (await dropdownOf(page, select)).and(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'));
  if (!(await list.isVisible().catch(() => false))) await openSelect(page, select);
  if (search) await select.locator('input').first().fill(text);
  const options = list.locator('.ant-select-item-option');
  const option = exact ? options.getByText(text, { exact: true }) : options.filter({ hasText: text });
  await option.first().click();
}
