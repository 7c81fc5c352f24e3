import type { LinkageStep } from './single-linkage';

/**
 * One edge of HDBSCAN's condensed tree. Clusters are numbered from `n` (the root) upwards, top
 * down, so a larger number is never an ancestor of a smaller one; points keep their index.
 * `lambda` is 1 / distance of the split at which `child` leaves `parent`.
 */
export type CondensedEdge = { parent: number; child: number; lambda: number; childSize: number };

function breadthFirst(linkage: readonly LinkageStep[], start: number): number[] {
  const pointCount = linkage.length + 1;
  const order: number[] = [];
  let queue = [start];
  while (queue.length > 0) {
    order.push(...queue);
    queue = queue.flatMap((node) => {
      const step = linkage[node - pointCount];
      return node >= pointCount && step ? [step.left, step.right] : [];
    });
  }
  return order;
}

/**
 * Condenses a single-linkage dendrogram (runt pruning): a split where both sides hold at least
 * `minClusterSize` points creates two child clusters; otherwise the small side's points fall out
 * of the cluster as individual points and the large side carries the cluster's label on.
 */
export function condenseTree(
  linkage: readonly LinkageStep[],
  minClusterSize: number,
): CondensedEdge[] {
  const pointCount = linkage.length + 1;
  const root = 2 * linkage.length;
  const label = new Map<number, number>([[root, pointCount]]);
  const ignored = new Set<number>();
  const edges: CondensedEdge[] = [];
  let nextLabel = pointCount + 1;
  const sizeOf = (node: number): number =>
    node < pointCount ? 1 : (linkage[node - pointCount]?.size ?? 0);
  const dropPoints = (parent: number, node: number, lambda: number): void => {
    for (const descendant of breadthFirst(linkage, node)) {
      if (descendant < pointCount) edges.push({ parent, child: descendant, lambda, childSize: 1 });
      ignored.add(descendant);
    }
  };

  for (const node of breadthFirst(linkage, root)) {
    const step = linkage[node - pointCount];
    if (node < pointCount || ignored.has(node) || !step) continue;
    const parent = label.get(node) ?? pointCount;
    const lambda = step.distance > 0 ? 1 / step.distance : Number.POSITIVE_INFINITY;
    const leftIsCluster = sizeOf(step.left) >= minClusterSize;
    const rightIsCluster = sizeOf(step.right) >= minClusterSize;
    if (leftIsCluster && rightIsCluster) {
      for (const side of [step.left, step.right]) {
        label.set(side, nextLabel);
        edges.push({ parent, child: nextLabel, lambda, childSize: sizeOf(side) });
        nextLabel++;
      }
    } else if (leftIsCluster) {
      label.set(step.left, parent);
      dropPoints(parent, step.right, lambda);
    } else if (rightIsCluster) {
      label.set(step.right, parent);
      dropPoints(parent, step.left, lambda);
    } else {
      dropPoints(parent, step.left, lambda);
      dropPoints(parent, step.right, lambda);
    }
  }
  return edges;
}

/**
 * Stability of every cluster of a condensed tree (Campello et al. 2013): the sum over its edges
 * of (λ at which the child leaves − λ at which the cluster was born) × child size. The root is
 * born at λ = 0. A child leaving at its cluster's birth λ adds nothing, even when both are ∞.
 */
export function clusterStabilities(
  tree: readonly CondensedEdge[],
  root: number,
): Map<number, number> {
  const births = new Map<number, number>([[root, 0]]);
  for (const edge of tree) if (edge.childSize > 1) births.set(edge.child, edge.lambda);
  const stabilities = new Map<number, number>();
  for (const edge of tree) {
    const birth = births.get(edge.parent) ?? 0;
    const persistence = edge.lambda === birth ? 0 : edge.lambda - birth;
    stabilities.set(
      edge.parent,
      (stabilities.get(edge.parent) ?? 0) + persistence * edge.childSize,
    );
  }
  return stabilities;
}
