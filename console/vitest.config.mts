import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const include = ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}'];

// Most test files are pure logic over shared modules (antd, the locales, bpmn-moddle): they run
// in worker threads that keep the module cache between files, so each worker loads those once
// instead of once per file. A file that replaces a module or a global (vi.mock, vi.doMock,
// vi.stubGlobal, vi.stubEnv) would leak that into the files after it, or miss its mock when an
// earlier file already loaded the real module: such files run isolated, each in a fresh fork.
// The list is found here, from the files themselves, so a new test file cannot be forgotten.
const REPLACES = /\bvi\.(mock|doMock|unmock|doUnmock|stubGlobal|stubEnv)\(/;
const root = fileURLToPath(new URL('.', import.meta.url));
const isolated = ['src', 'tests'].flatMap((dir) =>
  readdirSync(new URL(`./${dir}`, import.meta.url), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.test\.tsx?$/.test(f) && !f.startsWith('.umi'))
    .map((f) => `${dir}/${f}`)
    .filter((f) => REPLACES.test(readFileSync(`${root}${f}`, 'utf8'))),
);

export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  esbuild: { jsx: 'automatic' },
  test: {
    // Unit tests sit beside the module they test; tests/ keeps the cross-cutting ones
    // (locale completeness).
    include,
    environment: 'node',
    pool: 'threads',
    poolOptions: {
      threads: { isolate: false },
      forks: { isolate: true },
    },
    // matched against absolute file paths
    poolMatchGlobs: isolated.map((f): [string, 'forks'] => [`${root}${f}`, 'forks']),
    // The locale test imports 16 x (shell + areas) files; a busy shared machine needs longer than 5 s.
    testTimeout: 30_000,
  },
});
