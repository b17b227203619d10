import { chromium } from 'playwright-core';
const url = 'http://127.0.0.1:8000';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});
const out = [];
for (let i = 0; i < 5; i++) {
  const page = await (await browser.newContext()).newPage();
  await page.goto(url + '/user/login', { waitUntil: 'networkidle' });
  await page.getByPlaceholder('User name').fill('admin');
  await page.getByPlaceholder('Password').fill('Admin@12345');
  await page.waitForTimeout(1000);
  const w0 = Date.now();
  await page.getByTestId('login-submit').click();
  await page.getByTestId('greeting').waitFor();
  out.push(Date.now() - w0);
  await page.context().close();
}
console.log(out.join(' '));
await browser.close();
