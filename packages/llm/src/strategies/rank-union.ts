import type { Passage } from '@clarify/core';

/**
 * The union of ranked lists, each passage once (its first copy), ordered by the sum over the
 * lists of `weight(passage, rank)` (rank 1-based), highest first; ties keep the order of first
 * appearance. A passage repeated within one list counts there once, at its first rank.
 */
export function rankUnion(
  lists: readonly (readonly Passage[])[],
  weight: (passage: Passage, rank: number) => number,
): Passage[] {
  const totals = new Map<string, { passage: Passage; total: number; first: number }>();
  for (const list of lists) {
    const counted = new Set<string>();
    list.forEach((passage, index) => {
      if (counted.has(passage.chunkId)) return;
      counted.add(passage.chunkId);
      const entry = totals.get(passage.chunkId);
      const value = weight(passage, index + 1);
      if (entry === undefined) {
        totals.set(passage.chunkId, { passage, total: value, first: totals.size });
      } else {
        entry.total += value;
      }
    });
  }
  return [...totals.values()]
    .sort((left, right) => right.total - left.total || left.first - right.first)
    .map((entry) => entry.passage);
}

/** Reciprocal Rank Fusion's k (Cormack et al. 2009), as the hybrid retriever uses it. */
export const RRF_K = 60;

/** Reciprocal Rank Fusion: score(d) = Σ_lists 1 / (k + rank(d)), best first. */
export function fuseByReciprocalRank(
  lists: readonly (readonly Passage[])[],
  k: number = RRF_K,
): Passage[] {
  return rankUnion(lists, (_passage, rank) => 1 / (k + rank));
}
