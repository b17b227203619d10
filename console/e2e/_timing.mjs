import { chromium } from 'playwright-core';
import { startServer } from './serve.mjs';
const { server, url } = await startServer({ mock: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--disable-gpu'] });
for (let i = 0; i < 3; i++) {
  const page = await (await browser.newContext()).newPage();
  await page.goto(url + '/user/login', { waitUntil: 'networkidle' });
  await page.evaluate(() => { window.__lt = []; new PerformanceObserver((l) => l.getEntries().forEach(e => window.__lt.push([Math.round(e.startTime), Math.round(e.duration)]))).observe({ type: 'longtask', buffered: false }); });
  await page.getByPlaceholder('User name').fill('admin');
  await page.getByPlaceholder('Password').fill('Admin@12345');
  await page.waitForTimeout(1500);
  const t0 = await page.evaluate(() => performance.now());
  const w0 = Date.now();
  await page.getByTestId('login-submit').click();
  await page.getByTestId('greeting').waitFor();
  const wall = Date.now() - w0;
  const t1 = await page.evaluate(() => performance.now());
  const res = await page.evaluate((t0) => performance.getEntriesByType('resource').filter(r => r.startTime >= t0 - 5).map(r => `${(r.startTime - t0).toFixed(0)}..${(r.responseEnd - t0).toFixed(0)} ${r.name.split('/').pop()}`), t0);
  const lt = await page.evaluate((t0) => window.__lt.filter(([s]) => s >= t0 - 5).map(([s, d]) => `${Math.round(s - t0)}+${d}`), t0);
  console.log('wall', wall, 'page', (t1 - t0).toFixed(0), '| req', res.join(', '), '| longtasks', lt.join(' '));
  await page.context().close();
}
await browser.close(); server.close();
