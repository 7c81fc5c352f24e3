import { loadConfig } from '@clarify/config';
import { describeError } from '@clarify/core';
import { runWorker } from './run-worker';

/** `pnpm --filter @clarify/worker start`: the index worker over the configured database. */
runWorker(loadConfig()).catch((error: unknown) => {
  console.error(`clarify-worker: ${describeError(error)}`);
  process.exitCode = 1;
});
