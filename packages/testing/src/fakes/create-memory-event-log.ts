import type { EventKey, EventLog } from '@clarify/core';

export type ClaimedEvent = EventKey & { createdAt: Date };

export type MemoryEventLog = EventLog & {
  /** The claims held now, in the order they were made. */
  readonly claims: readonly ClaimedEvent[];
};

/**
 * Event claims in memory, with the Postgres log's semantics: the first claim of a (platform,
 * key) gets true and every later one false, until `prune` forgets claims made before its date
 * (exclusive). JavaScript runs each call to completion, so concurrent claims cannot both win, as
 * ON CONFLICT DO NOTHING guarantees in Postgres.
 */
export function createMemoryEventLog(): MemoryEventLog {
  const held = new Map<string, ClaimedEvent>();
  return {
    get claims() {
      return [...held.values()].map((claim) => structuredClone(claim));
    },
    claim(key, now = new Date()) {
      const id = JSON.stringify([key.platform, key.key]);
      if (held.has(id)) return Promise.resolve(false);
      held.set(id, { platform: key.platform, key: key.key, createdAt: new Date(now) });
      return Promise.resolve(true);
    },
    prune(olderThan) {
      let pruned = 0;
      for (const [id, claim] of held) {
        if (claim.createdAt.getTime() < olderThan.getTime()) {
          held.delete(id);
          pruned++;
        }
      }
      return Promise.resolve(pruned);
    },
  };
}
