import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  esbuild: { jsx: 'automatic' },
  test: {
    // Unit tests sit beside the module they test; tests/ keeps the cross-cutting ones
    // (locale completeness).
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    // The locale test imports 16 x (shell + areas) files; a busy shared machine needs longer than 5 s.
    testTimeout: 30_000,
  },
});
