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

/** Waits until a list plays no opening or closing animation (while closing it lets clicks through). */
async function motionDone(list) {
  await list
    .evaluate(
      (el) =>
        new Promise((resolve) => {
          const started = Date.now();
          const check = () =>
            /-(enter|appear|leave)/.test(el.className) && Date.now() - started < 5000
              ? requestAnimationFrame(check)
              : resolve();
          check();
        }),
      undefined,
      { timeout: 5000 },
    )
    .catch(() => {});
}

/**
 * Picks the option with this text in a select. `search` types it first (a long list is virtual and renders only
 * what is in view); `exact` compares the whole text. A list that closed before the click (the page re-rendered
 * under it) is opened again, up to three times; a click that still fails fails the test.
 */
export async function pickIn(page, select, text, { search = false, exact = false } = {}) {
  const owned = await dropdownOf(page, select);
  const open = owned.and(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'));
  for (let attempt = 1; ; attempt += 1) {
    if (!(await open.isVisible().catch(() => false))) await openSelect(page, select);
    if (search) await select.locator('input').first().fill(text);
    await motionDone(owned);
    const options = open.locator('.ant-select-item-option');
    const option = exact ? options.getByText(text, { exact: true }) : options.filter({ hasText: text });
    try {
      await option.first().click({ timeout: attempt === 3 ? 15_000 : 5_000 });
      return;
    } catch (e) {
      if (attempt === 3) throw e;
    }
  }
}
