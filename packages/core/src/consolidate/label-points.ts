import type { CondensedEdge } from './condensed-tree';

/** Per point: cluster label (−1 = noise) and membership strength in [0, 1]. */
export type PointLabels = { labels: number[]; probabilities: number[] };

/**
 * Labels every point with its nearest selected ancestor cluster, or −1 (noise) when it has none.
 * Clusters are numbered 0, 1, … in the order of their lowest point index. When the root is the
 * selected (single) cluster, only points that stay until the root's last split or dissolution
 * belong to it, as in scikit-learn; the others are noise.
 *
 * Probability (membership strength) as in scikit-learn: the point's leaving λ, capped at the
 * largest λ at which anything leaves its cluster, divided by that λ; 1 for a point leaving at
 * λ = ∞ or a cluster whose largest λ is 0; 0 for noise.
 */
export function labelPoints(
  tree: readonly CondensedEdge[],
  selected: ReadonlySet<number>,
  root: number,
): PointLabels {
  const parentOf = new Map<number, number>();
  const leavingLambda = new Map<number, number>();
  const largestLambda = new Map<number, number>();
  for (const edge of tree) {
    parentOf.set(edge.child, edge.parent);
    if (edge.childSize === 1) leavingLambda.set(edge.child, edge.lambda);
    largestLambda.set(edge.parent, Math.max(largestLambda.get(edge.parent) ?? 0, edge.lambda));
  }

  const clusterOf = Array.from({ length: root }, (_, point): number | null => {
    let node = parentOf.get(point) ?? root;
    while (node !== root && !selected.has(node)) node = parentOf.get(node) ?? root;
    if (!selected.has(node)) return null;
    if (node !== root) return node;
    return (leavingLambda.get(point) ?? 0) >= (largestLambda.get(root) ?? 0) ? root : null;
  });

  const numbering = new Map<number, number>();
  for (const cluster of clusterOf) {
    if (cluster !== null && !numbering.has(cluster)) numbering.set(cluster, numbering.size);
  }
  const labels = clusterOf.map((cluster) =>
    cluster === null ? -1 : (numbering.get(cluster) ?? -1),
  );
  const probabilities = clusterOf.map((cluster, point) => {
    if (cluster === null) return 0;
    const largest = largestLambda.get(cluster) ?? 0;
    const lambda = leavingLambda.get(point) ?? 0;
    if (largest === 0 || lambda === Number.POSITIVE_INFINITY) return 1;
    return Math.min(lambda, largest) / largest;
  });
  return { labels, probabilities };
}
