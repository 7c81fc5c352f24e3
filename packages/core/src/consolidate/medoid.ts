import type { DistanceMatrix } from './single-linkage';

/** Totals closer than this are ties: embeddings are Float32, good to about 7 digits. */
const TOTAL_TOLERANCE = 1e-6;

/**
 * The member with the smallest total distance to the other members (VerDICt's medoid); ties go
 * to the better retrieval position, then to the lower index.
 */
export function medoidOf(
  members: readonly number[],
  distances: DistanceMatrix,
  positions: readonly number[],
): number {
  let best = members[0] ?? -1;
  let bestTotal = Number.POSITIVE_INFINITY;
  for (const member of members) {
    const total = members.reduce((sum, other) => sum + (distances[member]?.[other] ?? 0), 0);
    const tied = Math.abs(total - bestTotal) <= TOTAL_TOLERANCE;
    const better =
      (!tied && total < bestTotal) ||
      (tied &&
        ((positions[member] ?? 0) < (positions[best] ?? 0) ||
          ((positions[member] ?? 0) === (positions[best] ?? 0) && member < best)));
    if (better) {
      best = member;
      bestTotal = total;
    }
  }
  return best;
}
