export type Hit = { id: number; distance: number };

/**
 * Recall of an approximate top-k against the exact top-k, two ways:
 * - strict: the share of the exact ids that were returned;
 * - tolerant: the share of returned items no farther than the exact k-th distance × (1 + 1%),
 *   which does not count swapping near-equidistant neighbours as a miss (as ann-benchmarks'
 *   epsilon recall).
 */
export function recallAtK(approximate: readonly Hit[], exact: readonly Hit[], tolerance = 0.01) {
  if (exact.length === 0) return { strict: 1, tolerant: 1, nearest: 1 };
  const truth = new Set(exact.map((hit) => hit.id));
  const limit = (exact[exact.length - 1] as Hit).distance * (1 + tolerance) + 1e-9;
  return {
    strict: approximate.filter((hit) => truth.has(hit.id)).length / exact.length,
    tolerant: approximate.filter((hit) => hit.distance <= limit).length / exact.length,
    nearest: approximate[0]?.id === exact[0]?.id ? 1 : 0,
  };
}
