import { ClarifyError } from '../errors';
import { clusterStabilities, condenseTree } from './condensed-tree';
import { labelPoints, type PointLabels } from './label-points';
import { selectClusters, type ClusterSelection } from './select-clusters';
import { mutualReachabilityLinkage, type DistanceMatrix } from './single-linkage';

/** Parameters of `hdbscan`, named after scikit-learn's. */
export type HdbscanOptions = {
  /** Smallest group that counts as a cluster (an integer, at least 2). */
  minClusterSize: number;
  /**
   * Neighbourhood size for core distances, the point itself included (scikit-learn's
   * convention); defaults to `minClusterSize` and is capped at the number of points.
   */
  minSamples?: number;
  selection: ClusterSelection;
  /** Let the root (all points) be the one cluster instead of forcing a split. Default false. */
  allowSingleCluster?: boolean;
};

/** One label per point (−1 = noise, clusters 0, 1, … by lowest point index) and its strength. */
export type HdbscanResult = PointLabels;

function validate(distances: DistanceMatrix, options: HdbscanOptions): void {
  const size = distances.length;
  const fail = (message: string): never => {
    throw new ClarifyError('invalid_input', `hdbscan: ${message}`);
  };
  if (!Number.isInteger(options.minClusterSize) || options.minClusterSize < 2) {
    fail('minClusterSize must be an integer of at least 2');
  }
  const minSamples = options.minSamples ?? options.minClusterSize;
  if (!Number.isInteger(minSamples) || minSamples < 1) {
    fail('minSamples must be an integer of at least 1');
  }
  distances.forEach((row, rowIndex) => {
    if (row.length !== size) fail(`row ${rowIndex} has ${row.length} entries, expected ${size}`);
    for (let column = 0; column < size; column++) {
      const value = row[column] ?? Number.NaN;
      const mirrored = distances[column]?.[rowIndex] ?? Number.NaN;
      if (!Number.isFinite(value) || value < 0) {
        fail(`distance [${rowIndex}][${column}] is not a finite non-negative number`);
      }
      if (Math.abs(value - mirrored) > 1e-9) fail(`the matrix is not symmetric at ${rowIndex}`);
    }
  });
}

/**
 * HDBSCAN* (Campello, Moulavi & Sander 2013) on a precomputed distance matrix, following
 * scikit-learn's `HDBSCAN(metric='precomputed')`: core distances, mutual reachability, minimum
 * spanning tree (Prim), single-linkage hierarchy, condensed tree, stability, then 'eom' or
 * 'leaf' selection. Deterministic: ties go to the lower index. Meant for small n (dense O(n²)
 * matrix, O(n²) time); fewer than 2 points are all noise.
 */
export function hdbscan(distances: DistanceMatrix, options: HdbscanOptions): HdbscanResult {
  validate(distances, options);
  const size = distances.length;
  if (size < 2)
    return {
      labels: new Array<number>(size).fill(-1),
      probabilities: new Array<number>(size).fill(0),
    };
  const minSamples = Math.min(options.minSamples ?? options.minClusterSize, size);
  const tree = condenseTree(
    mutualReachabilityLinkage(distances, minSamples),
    options.minClusterSize,
  );
  const root = size;
  const selected = selectClusters(tree, {
    root,
    stabilities: clusterStabilities(tree, root),
    selection: options.selection,
    allowSingleCluster: options.allowSingleCluster ?? false,
  });
  return labelPoints(tree, selected, root);
}
