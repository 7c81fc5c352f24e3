import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { LoadRequest, LoadResult } from './load-client';

export type { LoadRequest, LoadResult } from './load-client';

/** How a request fared: its time to a 200 and when it was sent (ms since the epoch). */
export type Sent = { ackMs: number; sentAt: number };

export type LoadClient = {
  /**
   * Sends every request at once; every one must be answered 200. Resolves with each request's
   * time to its response and when it left, in the order given.
   */
  send(requests: LoadRequest[]): Promise<Sent[]>;
  close(): Promise<void>;
};

/**
 * A load generator in a child process (as Slack or Teams send from another machine), started
 * and loaded before it is used, so that neither its sending nor its start-up counts against the
 * app being measured.
 */
export async function startLoadClient(): Promise<LoadClient> {
  const child = fork(fileURLToPath(new URL('./load-client.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
  });
  await reply<'ready'>(child);
  return {
    async send(requests) {
      const answered = reply<LoadResult[]>(child);
      child.send(requests);
      const results = await answered;
      const refused = results.filter((result) => result.status !== 200);
      if (refused.length > 0) {
        throw new Error(
          `${refused.length} requests were not acknowledged with 200 (${refused[0]?.status})`,
        );
      }
      return results.map((result) => ({ ackMs: result.elapsedMs, sentAt: result.sentAt }));
    },
    async close() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill();
      await exited;
    },
  };
}

/** The child's next message; fails if it exits or errs first. */
function reply<T>(child: ChildProcess): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`the load client exited with ${code}`));
    child.once('error', reject);
    child.once('exit', onExit);
    child.once('message', (message) => {
      child.off('error', reject);
      child.off('exit', onExit);
      resolve(message as T);
    });
  });
}

/** One batch from a load client of its own, closed afterwards. */
export async function sendFromAnotherProcess(requests: LoadRequest[]): Promise<Sent[]> {
  const client = await startLoadClient();
  try {
    return await client.send(requests);
  } finally {
    await client.close();
  }
}

/** The `q` quantile (0–1) of `samples`, nearest rank; 0 for none. */
export function quantile(samples: readonly number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}
