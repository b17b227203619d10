/**
 * The Content-Security-Policy (issue 11) against the real built console: the server
 * forbids inline scripts, so every page must run without one and without any other
 * violation.
 */
import assert from 'node:assert/strict';
import { baseUrl, loginToWorkbench, settled, test, trackRequests } from './_fixtures.mjs';

/** Pages visited under the policy, each with what shows once it has loaded its data. */
const PAGES = [
  ['/sys/user', '[data-testid="sys-user-page"] .ant-table-tbody'],
  ['/process/form', '[data-testid="form-new"]'],
  ['/advert/release', '[data-testid="advert-tab-merchant"]'],
];

/** Records CSP violations and script errors of a page. */
function watch(page) {
  const problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(msg.text())) {
      problems.push(msg.text());
    }
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  return problems;
}

test('CSP: no inline script, and the console runs under the policy', async ({ newPage }) => {
  const res = await fetch(`${baseUrl}/user/login`);
  const csp = res.headers.get('content-security-policy') ?? '';
  const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src ')) ?? '';
  assert.ok(scriptSrc && !scriptSrc.includes("'unsafe-inline'"), `script-src: ${scriptSrc}`);
  const html = await res.text();
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>/g)];
  assert.equal(inline.length, 0, `inline scripts in index.html: ${inline.map((m) => m[0]).join(' ')}`);

  const { context, page } = await newPage();
  const problems = watch(page);
  const inFlight = trackRequests(page);
  await page.addInitScript(() => {
    window.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  await loginToWorkbench(page);
  // A reload with the session cookie runs the preload helper through session-preload.js.
  await page.reload();
  await page.getByTestId('greeting').waitFor();
  const helper = await page.evaluate(() =>
    performance.getEntriesByType('resource').some((r) => r.name.includes('preload_helper')),
  );
  assert.ok(helper, 'the route preload helper did not load with a session');
  await settled(page, inFlight);
  const violations = (await page.evaluate(() => window.__csp)).map((v) => `/user/workbench: ${v}`);
  for (const [path, loaded] of PAGES) {
    await page.goto(`${baseUrl}${path}`);
    // The page has shown its data and has nothing left to fetch or run: any violation has been reported.
    await page.locator(loaded).first().waitFor();
    await settled(page, inFlight);
    violations.push(...(await page.evaluate(() => window.__csp)).map((v) => `${path}: ${v}`));
  }
  assert.deepEqual([...violations, ...problems], [], 'CSP violations or script errors');
  await context.close();
});
