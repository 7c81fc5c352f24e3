import { describe, expect, it } from 'vitest';
import { hdbscan } from './hdbscan';

/*
 * Reference outputs recorded from the npm package hdbscan-ts@1.0.17 (installed in a scratch
 * folder outside the repo, never a dependency), `new HDBSCAN({ minClusterSize: 2, minSamples })
 * .fit(points).labels_`, minSamples 1 and 2 giving the same labels unless noted.
 *
 * hdbscan-ts is not a faithful HDBSCAN*: it compares squared Euclidean distances, its core
 * distance skips the point itself, its stability is (1/leave − 1/birth) × size per cluster, and
 * it has no 'leaf' selection. We therefore assert agreement only where both should agree and
 * record the divergences with the reason ours is the scikit-learn behaviour.
 */
const REFERENCE = {
  readmeExample: {
    points: [
      [1.1, 2.1],
      [2.1, 1.1],
      [1.1, 1.1],
      [0.1, 1.1],
      [10.1, 11.1],
      [11.1, 10.1],
      [10.1, 10.1],
    ],
    labels: [0, 0, 0, 0, 1, 1, 1],
  },
  // hdbscan-ts selects the surviving root here, as scikit-learn does with allow_single_cluster.
  rootOnly: { points: [[0], [1], [2], [10]], labels: [0, 0, 0, -1] },
  // Divergence: hdbscan-ts gives [0,0,0,0,0,0,-1], merging two blobs 8 apart whose points sit
  // 1 apart; by Campello's stability each blob (2.625) far outweighs their union (0.81).
  twoBlobsAndOutlier: { points: [[0], [1], [2], [10], [11], [12], [30]], labels: null },
  // Divergence with minSamples 1 only: hdbscan-ts gives [0,0,0,0,1,1,-1,-1], calling 21.5 noise;
  // it leaves cluster {18.5, 19.5, 21.5} at λ = 1/2 and so belongs to it (scikit-learn's
  // labelling: a point that falls out of a selected cluster is still its member).
  nested: {
    points: [[0], [1], [2.5], [3.5], [18.5], [19.5], [21.5], [50]],
    labels: [0, 0, 0, 0, 1, 1, 1, -1],
  },
};

function euclidean(points: readonly (readonly number[])[]): number[][] {
  return points.map((from) =>
    points.map((to) => Math.hypot(...from.map((value, axis) => value - (to[axis] ?? 0)))),
  );
}

describe('hdbscan compared with recorded hdbscan-ts outputs', () => {
  it('agrees on the README example and on the nested set (minSamples 2)', () => {
    for (const minSamples of [1, 2]) {
      const { points, labels } = REFERENCE.readmeExample;
      expect(
        hdbscan(euclidean(points), { minClusterSize: 2, minSamples, selection: 'eom' }).labels,
      ).toEqual(labels);
    }
    const { points, labels } = REFERENCE.nested;
    expect(
      hdbscan(euclidean(points), { minClusterSize: 2, minSamples: 2, selection: 'eom' }).labels,
    ).toEqual(labels);
  });

  it('agrees on a tree without a split when a single cluster is allowed', () => {
    const { points, labels } = REFERENCE.rootOnly;
    for (const minSamples of [1, 2]) {
      const options = {
        minClusterSize: 2,
        minSamples,
        selection: 'eom',
        allowSingleCluster: true,
      } as const;
      expect(hdbscan(euclidean(points), options).labels).toEqual(labels);
    }
  });

  it('keeps the scikit-learn result where hdbscan-ts diverges', () => {
    const blobs = euclidean(REFERENCE.twoBlobsAndOutlier.points);
    expect(hdbscan(blobs, { minClusterSize: 2, selection: 'eom' }).labels).toEqual([
      0, 0, 0, 1, 1, 1, -1,
    ]);
    const nested = euclidean(REFERENCE.nested.points);
    expect(hdbscan(nested, { minClusterSize: 2, minSamples: 1, selection: 'eom' }).labels).toEqual(
      REFERENCE.nested.labels,
    );
  });
});
