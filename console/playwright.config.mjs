// The browser tests (e2e/*.spec.mjs) on Playwright's runner, in Debian's Chromium, against the real
// `venue serve` that scripts/e2e.sh starts and names in VENUE_E2E_URL (`make test-e2e` builds and runs it).
//
// Tests run in parallel, one browser per worker; tests that change the same demo data hold the same lock
// (e2e/_fixtures.mjs, LOCKS). No automatic retries: a test that fails once is a bug to find. A failed test keeps
// its trace and screenshots under test-results/ (`npx playwright show-trace test-results/<test>/trace.zip`).
import os from 'node:os';
import { defineConfig } from '@playwright/test';

const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.mjs',
  globalSetup: './e2e/_setup.mjs',
  fullyParallel: true,
  // The server, Temporal and the browsers share the machine's cores; most of a test is waiting on them, so one
  // worker more than there are cores was the fastest on 2 cores (README: browser tests). E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS) || Math.max(1, cores + 1),
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Generous for a busy shared machine; no test passes by waiting a fixed time.
  timeout: 300_000,
  expect: { timeout: 20_000 },
  outputDir: 'test-results',
  reporter: [['list'], ['./e2e/_summary.mjs']],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
