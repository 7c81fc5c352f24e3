import type { SourceSummary } from '@clarify/core';
import { isStale } from '../jobs/schedule-interval';

/** A source whose last successful run is older than twice its schedule allows. */
export type StaleSource = { id: string; name: string; lastIndexedAt: Date };

/**
 * The stale sources among `ids`, from a listing read at most once a minute (a question must not
 * wait on the source table, and freshness moves in hours).
 */
export function createStaleSources(options: {
  list: () => Promise<SourceSummary[]>;
  now?: () => Date;
  maxAgeMs?: number;
}) {
  const now = options.now ?? (() => new Date());
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  let cached: { at: number; sources: Promise<SourceSummary[]> } | null = null;

  return async function staleSources(ids: readonly string[]): Promise<StaleSource[]> {
    if (ids.length === 0) return [];
    const at = now().getTime();
    if (cached === null || at - cached.at > maxAgeMs) {
      const sources = options.list();
      cached = { at, sources };
      sources.catch(() => (cached = null));
    }
    const sources = await cached.sources;
    const wanted = new Set(ids);
    return sources
      .filter(
        (source) =>
          wanted.has(source.id) &&
          source.status === 'active' &&
          source.lastIndexedAt !== null &&
          isStale(source.schedule, source.lastIndexedAt, now()),
      )
      .map((source) => ({
        id: source.id,
        name: source.name,
        lastIndexedAt: source.lastIndexedAt as Date,
      }));
  };
}

export type StaleSourcesOf = ReturnType<typeof createStaleSources>;
