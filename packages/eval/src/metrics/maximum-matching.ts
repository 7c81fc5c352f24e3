/** A pair of a maximum matching: `left` indexes the left items, `right` the right items. */
export type MatchedPair = { left: number; right: number };

/**
 * A maximum one-to-one matching between `lefts` and `rights`, where `linked` says whether an edge
 * joins two items. Kuhn's augmenting paths: O(V·E), which is nothing for a handful of
 * interpretations per question, and exact, unlike a greedy pass that can give a prediction the
 * only gold another prediction could have taken.
 */
export function maximumMatching<L, R>(
  lefts: readonly L[],
  rights: readonly R[],
  linked: (left: L, right: R) => boolean,
): MatchedPair[] {
  const neighbours = lefts.map((left) =>
    rights.flatMap((right, index) => (linked(left, right) ? [index] : [])),
  );
  const leftOfRight = new Map<number, number>();

  function augment(left: number, visited: Set<number>): boolean {
    for (const right of neighbours[left] ?? []) {
      if (visited.has(right)) continue;
      visited.add(right);
      const holder = leftOfRight.get(right);
      if (holder === undefined || augment(holder, visited)) {
        leftOfRight.set(right, left);
        return true;
      }
    }
    return false;
  }

  lefts.forEach((_, left) => augment(left, new Set()));
  return [...leftOfRight]
    .map(([right, left]) => ({ left, right }))
    .sort((first, second) => first.left - second.left);
}
