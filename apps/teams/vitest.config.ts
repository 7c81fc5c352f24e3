import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A real server in DATABASE_URL is shared: its test files must not interleave.
    fileParallelism: !process.env.DATABASE_URL,
  },
});
