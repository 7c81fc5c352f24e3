import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoadRequest, LoadResult } from './load-client';

export type { LoadRequest, LoadResult } from './load-client';

/**
 * Sends every request at once from a child process (as Slack or Teams would, from another
 * machine), so the sending does not compete with the app for its event loop; every one must be
 * answered 200. Resolves with each request's time to its response, in ms.
 */
export async function sendFromAnotherProcess(requests: LoadRequest[]): Promise<number[]> {
  const child = fork(fileURLToPath(new URL('./load-client.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
  });
  const results = await new Promise<LoadResult[]>((resolve, reject) => {
    child.once('message', (message) => resolve(message as LoadResult[]));
    child.once('error', reject);
    child.once(
      'exit',
      (code) => code !== 0 && reject(new Error(`the load client exited with ${code}`)),
    );
    child.send(requests);
  });
  const refused = results.filter((result) => result.status !== 200);
  if (refused.length > 0) {
    throw new Error(
      `${refused.length} requests were not acknowledged with 200 (${refused[0]?.status})`,
    );
  }
  return results.map((result) => result.elapsedMs);
}

/** The `q` quantile (0–1) of `samples`, nearest rank; 0 for none. */
export function quantile(samples: readonly number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}
