import { loadConfig } from '@clarify/config';
import { describeError } from '@clarify/core';
import { openDatabase } from '@clarify/db';
import { runWorker } from './run-worker';

/**
 * `pnpm --filter @clarify/worker start`: the index worker over the configured database.
 * `… start migrate` (the deployment's one-shot job): applies the pending migrations under their
 * lock and exits.
 */
async function main(command: string | undefined): Promise<void> {
  const config = loadConfig();
  if (command === 'migrate') {
    const database = await openDatabase({
      databaseUrl: config.database.url,
      dataDir: config.dataDir,
      poolSize: 1,
      statementTimeoutMs: config.database.statementTimeoutMs,
    });
    await database.close();
    console.log(`clarify-worker: migrations applied (${database.description})`);
    return;
  }
  if (command !== undefined)
    throw new Error(`unknown command "${command}"; use migrate or nothing`);
  await runWorker(config);
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(`clarify-worker: ${describeError(error)}`);
  process.exitCode = 1;
});
