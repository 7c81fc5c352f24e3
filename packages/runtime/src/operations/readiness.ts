import type { MigrationCount } from '@clarify/db';
import type { LlmCircuit } from '@clarify/llm';

/** What `/readyz` says: ready to take traffic, and each check. */
export type Readiness = {
  ready: boolean;
  checks: {
    database: 'ok' | 'unreachable';
    migrations: 'current' | 'pending' | 'unknown';
    /** The LLM's circuit; an open one is degraded (offline answers), not unready. */
    llm: 'offline' | 'closed' | 'open' | 'half-open';
  };
};

/** A readiness probe never waits longer than this on the database. */
const CHECK_TIMEOUT_MS = 2_000;

/**
 * Readiness: the database answers within two seconds and has every migration this build
 * ships. An open LLM circuit is reported but keeps the app ready: it answers offline.
 */
export function createReadiness(options: {
  checkDatabase: () => Promise<MigrationCount>;
  circuit: LlmCircuit | null;
  timeoutMs?: number;
}): () => Promise<Readiness> {
  return async () => {
    const llm = options.circuit?.state() ?? 'offline';
    let counts: MigrationCount | null = null;
    try {
      counts = await withTimeout(options.checkDatabase(), options.timeoutMs ?? CHECK_TIMEOUT_MS);
    } catch {
      counts = null;
    }
    const database = counts === null ? 'unreachable' : 'ok';
    const migrations =
      counts === null ? 'unknown' : counts.applied >= counts.expected ? 'current' : 'pending';
    return {
      ready: database === 'ok' && migrations === 'current',
      checks: { database, migrations, llm },
    };
  };
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
