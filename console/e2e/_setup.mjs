// Global setup: the tests need the server scripts/e2e.sh starts (VENUE_E2E_URL) to answer.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export default async function setup() {
  const url = (process.env.VENUE_E2E_URL || '').replace(/\/$/, '');
  if (!url) {
    throw new Error('VENUE_E2E_URL is not set (scripts/e2e.sh starts a server and sets it).');
  }
  const res = await fetch(`${url}/readyz`).catch((e) => e);
  if (!(res instanceof Response) || !res.ok) {
    throw new Error(`${url}/readyz does not answer 200: ${res instanceof Response ? res.status : res}`);
  }
  mkdirSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots'), { recursive: true });
}
