import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // One browser and one knowledge base per file: files run one after another.
    fileParallelism: false,
  },
});
