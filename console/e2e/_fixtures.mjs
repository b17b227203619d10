// What every browser test shares: the server's address and logins, the `test` of @playwright/test with fixtures
// that open browser contexts (closed after the test, traced and screenshotted on failure by the runner), and the
// console shell's helpers (log in to the workbench, open a menu entry, give a tab command).
//
// The server is a real `venue serve` that scripts/e2e.sh starts on a fresh data directory with the demo seed and
// names in VENUE_E2E_URL. Tests run in parallel (playwright.config.mjs): each makes its own users, roles, tables
// and names where it changes something; tests that must change the same demo data take the same lock (LOCKS).
import { randomBytes, randomInt } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test as base } from '@playwright/test';

export { expect };

export const baseUrl = (process.env.VENUE_E2E_URL || '').replace(/\/$/, '');
export const ADMIN = { user: 'admin', password: process.env.VENUE_E2E_ADMIN_PASSWORD || 'Admin@12345' };
/** The demo waiter; no test changes its password (the password test makes its own user). */
export const WAITER = { user: 'demo_waiter', password: 'Demo@12345' };
export const PHONE = { width: 390, height: 844 };
/** Screenshots the tests take on purpose, for people to look at (ignored by git). */
export const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

/**
 * Named locks (test details `{ lock }`): tests holding the same lock never run at the same time.
 * - venueSettings: the demo venue's opening hours, cancellation approval amount and printers, which the venue
 *   page test edits (it closes Sunday), the order tests open all day and the printing test points at its
 *   virtual printer;
 * - reviewerInbox: the platform reviewers' open tasks, which every published ad adds to and the live inbox test
 *   counts;
 * - soldOut: the merchant's sold-out dishes, which the dish tests change, the phone dish test counts and the
 *   printing test orders from.
 */
export const LOCKS = {
  venueSettings: 'demo-venue-settings',
  reviewerInbox: 'reviewer-inbox',
  soldOut: 'demo-sold-out',
};

/**
 * How long a page waits for an element or a navigation. On a 2-core machine shared with builds, a page's own
 * script has been seen to stall 10 s and more before its first request; a wait that fails here still says
 * exactly what never showed.
 */
export const ACTION_TIMEOUT = 30_000;

/** A suffix no other test or run uses (time, then random). */
export const unique = () => `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
/** A mobile number no other test uses. */
export const uniqueMobile = () => `13${String(randomInt(0, 1e9)).padStart(9, '0')}`;

/** Records a figure the summary prints after the run (e2e/_summary.mjs). */
export const metric = (text) => test.info().annotations.push({ type: 'metric', description: text });

export const test = base.extend({
  /** Opens a browser context (desktop size unless `options` say otherwise); closed after the test. */
  newContext: async ({ browser }, use) => {
    const contexts = [];
    await use(async (options = {}) => {
      const context = await browser.newContext({ viewport: { width: 1366, height: 860 }, ...options });
      contexts.push(context);
      return context;
    });
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
  },
  /** Opens a page in a fresh context with the console's language cookie set to `locale`. */
  newPage: async ({ newContext }, use) => {
    await use(async (locale = 'en-US', options = {}) => {
      const context = await newContext(options);
      await context.addCookies([{ name: 'language', value: locale, url: baseUrl }]);
      const page = await context.newPage();
      page.setDefaultTimeout(ACTION_TIMEOUT);
      return { context, page };
    });
  },
  /** Opens a page the size of a phone (390 × 844, touch). */
  phonePage: async ({ newPage }, use) => {
    await use(async (locale = 'en-US', options = {}) => {
      const opened = await newPage(locale, { viewport: PHONE, isMobile: true, hasTouch: true, ...options });
      opened.page.setDefaultTimeout(ACTION_TIMEOUT);
      return opened;
    });
  },
});

export async function login(page, user, password) {
  await page.goto(`${baseUrl}/user/login`);
  await page.getByPlaceholder('User name').fill(user);
  await page.getByPlaceholder('Password').fill(password);
  const started = Date.now();
  await page.getByTestId('login-submit').click();
  return started;
}

/**
 * Logs in and waits for the workbench. Answers the time from the form's submit event to
 * the greeting entering the DOM, both taken inside the page (no test-driver latency).
 */
export async function loginToWorkbench(page, user = ADMIN.user, password = ADMIN.password) {
  await page.goto(`${baseUrl}/user/login`);
  await page.getByPlaceholder('User name').fill(user);
  await page.getByPlaceholder('Password').fill(password);
  await page.evaluate(() => {
    const marks = {};
    window.__venueMarks = marks;
    document.addEventListener(
      'submit',
      () => {
        marks.submit ??= performance.now();
      },
      true,
    );
    new MutationObserver(() => {
      if (marks.rendered === undefined && document.querySelector('[data-testid="greeting"]')) {
        marks.rendered = performance.now();
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByTestId('login-submit').click();
  // The first login after a cold start loads the layout's chunks; a busy machine has taken
  // over 15 s for that. The time is measured and reported, not bounded here.
  await page.getByTestId('greeting').waitFor({ timeout: 45_000 });
  const marks = await page.evaluate(() => window.__venueMarks);
  return Math.round(marks.rendered - marks.submit);
}

export const tabTitles = (page) => page.locator('.venue-multitab .venue-tab-label').allInnerTexts();

/**
 * Gives a tab's context-menu command. The menu of the previous command may still be fading out, and on a busy
 * machine the new one may still be moving in: wait for the old one to go, click in the menu that is not leaving,
 * and open the menu again when the click found nothing stable to land on.
 */
export async function tabCommand(page, tab, command) {
  const open = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  const entering = page.locator(
    '.ant-dropdown:not(.ant-dropdown-hidden):not(.ant-slide-up-leave):not(.ant-slide-down-leave)',
  );
  await expect(async () => {
    await expect(open).toHaveCount(0, { timeout: 5000 });
    await page.locator(`.venue-multitab .venue-tab-label[data-tab="${tab}"]`).click({ button: 'right' });
    try {
      await entering.getByText(command, { exact: true }).filter({ visible: true }).last().click({ timeout: 5000 });
    } catch (error) {
      await page.keyboard.press('Escape');
      throw error;
    }
  }).toPass({ timeout: 30_000 });
}

export const menuEntry = (page, text) =>
  page.locator('.ant-menu').getByText(text, { exact: true }).filter({ visible: true }).first();

/** Clicks a menu item, opening its group first (again, if a click landed while the submenu animated). */
export async function openMenu(page, group, item) {
  const entry = menuEntry(page, item);
  await expect(async () => {
    if (!(await entry.isVisible())) {
      await menuEntry(page, group).click({ timeout: 5000 });
      await expect(entry).toBeVisible({ timeout: 3000 });
    }
    await entry.click({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * The element's box once nothing moves it: no enter/leave motion class on it or its ancestors and no finite
 * animation or transition running on them (a drawer slides in from the side, and a box read during the slide is
 * not where the user finds the element).
 */
export async function settledBox(locator) {
  await locator.waitFor();
  await locator.evaluate(
    (el) =>
      new Promise((resolve) => {
        const moving = () =>
          el.closest('[class*="-enter"], [class*="-appear"], [class*="-leave"]') !== null ||
          document
            .getAnimations()
            .some(
              (a) =>
                a.playState === 'running' &&
                a.effect?.target instanceof Element &&
                a.effect.target.contains(el) &&
                a.effect.getComputedTiming().endTime !== Infinity,
            );
        const check = () => (moving() ? requestAnimationFrame(check) : resolve());
        check();
      }),
  );
  return locator.boundingBox();
}

/** Resolves when the page has no request in flight and the browser is idle (requestIdleCallback). */
export async function settled(page, inFlight) {
  await expect.poll(() => inFlight.size, { message: 'requests still in flight' }).toBe(0);
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve())));
  await expect.poll(() => inFlight.size, { message: 'requests still in flight' }).toBe(0);
}

/** Tracks a page's requests in flight (see settled). */
export function trackRequests(page) {
  const inFlight = new Set();
  page.on('request', (r) => inFlight.add(r));
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
  return inFlight;
}
