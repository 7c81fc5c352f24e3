import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Each file starts its own PostgreSQL: one at a time on a small machine.
    fileParallelism: false,
  },
});
