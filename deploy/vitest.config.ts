import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // The bundles install and start whole apps: one file at a time.
    fileParallelism: false,
  },
});
