/** A square, symmetric matrix of non-negative distances: `number[][]` or `Float64Array[]`. */
export type DistanceMatrix = ReadonlyArray<ArrayLike<number>>;

/**
 * One merge of a single-linkage dendrogram in SciPy's layout: with `n` points, merge `index`
 * creates node `n + index`, joining nodes `left` and `right` (points are nodes `0 … n − 1`).
 */
export type LinkageStep = { left: number; right: number; distance: number; size: number };

type Edge = { from: number; to: number; distance: number };

function entry(matrix: DistanceMatrix, row: number, column: number): number {
  return matrix[row]?.[column] ?? Number.NaN;
}

/**
 * Core distance of every point: the distance to its `minSamples`-th nearest neighbour, the point
 * itself counted as the first (Campello et al. 2013; scikit-learn's convention). `minSamples = 1`
 * gives 0 everywhere, i.e. plain single linkage.
 */
export function coreDistances(distances: DistanceMatrix, minSamples: number): number[] {
  const size = distances.length;
  const rank = Math.min(minSamples, size) - 1;
  return distances.map((row) => {
    const sorted = Array.from({ length: size }, (_, column) => row[column] ?? Number.NaN);
    sorted.sort((left, right) => left - right);
    return sorted[rank] ?? 0;
  });
}

/**
 * Minimum spanning tree of the mutual-reachability graph, `max(core(a), core(b), d(a, b))`, by
 * Prim's algorithm on the dense matrix from point 0. Ties go to the lowest index, so the tree is
 * deterministic. Edges come in the order Prim adds them.
 */
function mutualReachabilitySpanningTree(distances: DistanceMatrix, minSamples: number): Edge[] {
  const size = distances.length;
  const cores = coreDistances(distances, minSamples);
  const inTree = new Array<boolean>(size).fill(false);
  const best = new Array<number>(size).fill(Number.POSITIVE_INFINITY);
  const source = new Array<number>(size).fill(0);
  const edges: Edge[] = [];
  let current = 0;
  for (let step = 1; step < size; step++) {
    inTree[current] = true;
    let next = -1;
    for (let candidate = 0; candidate < size; candidate++) {
      if (inTree[candidate]) continue;
      const reachability = Math.max(
        cores[current] ?? 0,
        cores[candidate] ?? 0,
        entry(distances, current, candidate),
      );
      if (reachability < (best[candidate] ?? Number.POSITIVE_INFINITY)) {
        best[candidate] = reachability;
        source[candidate] = current;
      }
      if (next === -1 || (best[candidate] ?? 0) < (best[next] ?? 0)) next = candidate;
    }
    edges.push({ from: source[next] ?? 0, to: next, distance: best[next] ?? 0 });
    current = next;
  }
  return edges;
}

/**
 * The single-linkage dendrogram of the mutual-reachability graph (HDBSCAN's cluster hierarchy):
 * spanning-tree edges merged in increasing distance, equal distances in the order Prim found them.
 */
export function mutualReachabilityLinkage(
  distances: DistanceMatrix,
  minSamples: number,
): LinkageStep[] {
  const size = distances.length;
  const edges = mutualReachabilitySpanningTree(distances, minSamples);
  edges.sort((left, right) => left.distance - right.distance);
  const parent = Array.from({ length: 2 * size - 1 }, (_, node) => node);
  const nodeSize = Array.from({ length: 2 * size - 1 }, (_, node): number => (node < size ? 1 : 0));
  const find = (node: number): number => {
    let root = node;
    while (parent[root] !== root) root = parent[root] ?? root;
    for (let walker = node; walker !== root;) {
      const up = parent[walker] ?? root;
      parent[walker] = root;
      walker = up;
    }
    return root;
  };
  return edges.map((edge, index) => {
    const left = find(edge.from);
    const right = find(edge.to);
    const merged = size + index;
    const mergedSize = (nodeSize[left] ?? 0) + (nodeSize[right] ?? 0);
    parent[left] = merged;
    parent[right] = merged;
    nodeSize[merged] = mergedSize;
    return { left, right, distance: edge.distance, size: mergedSize };
  });
}
