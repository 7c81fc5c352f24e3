import type { CondensedEdge } from './condensed-tree';

/** How flat clusters are chosen from the condensed tree: excess of mass, or its leaves. */
export type ClusterSelection = 'eom' | 'leaf';

/** The condensed tree's root id, its clusters' stabilities, and how to select. */
export type SelectClustersOptions = {
  root: number;
  stabilities: ReadonlyMap<number, number>;
  selection: ClusterSelection;
  allowSingleCluster: boolean;
};

function clusterChildren(tree: readonly CondensedEdge[]): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const edge of tree) {
    if (edge.childSize <= 1) continue;
    children.set(edge.parent, [...(children.get(edge.parent) ?? []), edge.child]);
  }
  return children;
}

function descendants(children: ReadonlyMap<number, number[]>, cluster: number): number[] {
  const found: number[] = [];
  const stack = [...(children.get(cluster) ?? [])];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    found.push(node);
    stack.push(...(children.get(node) ?? []));
  }
  return found;
}

/**
 * The clusters of the flat clustering. 'eom' walks the tree bottom-up and keeps a cluster when
 * its stability is at least the summed stability of its selected descendants (strictly greater
 * descendants win); 'leaf' keeps the clusters that have no child cluster. The root takes part
 * only with `allowSingleCluster`. When the tree has no split at all, 'leaf' selects the root
 * with `allowSingleCluster` (scikit-learn's code sets then clears it; we follow its evident
 * intent) and nothing otherwise.
 */
export function selectClusters(
  tree: readonly CondensedEdge[],
  options: SelectClustersOptions,
): Set<number> {
  const children = clusterChildren(tree);
  if (options.selection === 'leaf') {
    const clusters = [options.root, ...descendants(children, options.root)];
    const leaves = clusters.filter((cluster) => !children.has(cluster));
    if (leaves.length === 1 && leaves[0] === options.root) {
      return new Set(options.allowSingleCluster ? [options.root] : []);
    }
    return new Set(leaves);
  }

  const stability = new Map(options.stabilities);
  const candidates = [...stability.keys()]
    .filter((cluster) => options.allowSingleCluster || cluster !== options.root)
    .sort((left, right) => right - left);
  const selected = new Set(candidates);
  for (const cluster of candidates) {
    const own = stability.get(cluster) ?? 0;
    const below = (children.get(cluster) ?? []).reduce(
      (sum, child) => sum + (stability.get(child) ?? 0),
      0,
    );
    if (below > own) {
      selected.delete(cluster);
      stability.set(cluster, below);
    } else {
      for (const descendant of descendants(children, cluster)) selected.delete(descendant);
    }
  }
  return selected;
}
