import { describe, expect, it } from 'vitest';
import { isClarifyError } from '../errors';
import { hdbscan } from './hdbscan';
import { coreDistances } from './single-linkage';

/** Euclidean distance matrix of points given as coordinate lists (1-D points as [x]). */
function euclidean(points: readonly (readonly number[])[]): number[][] {
  return points.map((from) =>
    points.map((to) => Math.hypot(...from.map((value, axis) => value - (to[axis] ?? 0)))),
  );
}

const line = (...xs: number[]) => euclidean(xs.map((x) => [x]));

describe('hdbscan on hand-checkable toy data', () => {
  it('finds two blobs and leaves the outlier as noise', () => {
    // Cores (2nd nearest, self included) are 1 in the blobs, 18 for 30. The blobs split at
    // distance 8 (λ = 1/8) and every blob point leaves at λ = 1: stability 3 × (1 − 1/8) each,
    // far above the root's, so both blobs are kept even when a single cluster is allowed.
    const distances = line(0, 1, 2, 10, 11, 12, 30);
    for (const allowSingleCluster of [false, true]) {
      const result = hdbscan(distances, {
        minClusterSize: 2,
        selection: 'eom',
        allowSingleCluster,
      });
      expect(result.labels).toEqual([0, 0, 0, 1, 1, 1, -1]);
      expect(result.probabilities).toEqual([1, 1, 1, 1, 1, 1, 0]);
    }
  });

  it("'eom' keeps a stable parent where 'leaf' keeps its two sub-clusters", () => {
    // X = {0, 1, 2.5, 3.5} is born at λ = 1/15 and splits at λ = 1/1.5 into {0, 1} and
    // {2.5, 3.5} (each leaving at λ = 1): stability(X) = 4 × (2/3 − 1/15) = 2.4 beats the
    // sub-clusters' 2 × 2 × (1 − 2/3) ≈ 1.33. Y = {18.5, 19.5, 21.5}: 21.5 leaves at λ = 1/2.
    const distances = line(0, 1, 2.5, 3.5, 18.5, 19.5, 21.5, 50);
    const eom = hdbscan(distances, { minClusterSize: 2, selection: 'eom' });
    expect(eom.labels).toEqual([0, 0, 0, 0, 1, 1, 1, -1]);
    expect(eom.probabilities).toEqual([1, 1, 1, 1, 1, 1, 0.5, 0]);
    const leaf = hdbscan(distances, { minClusterSize: 2, selection: 'leaf' });
    expect(leaf.labels).toEqual([0, 0, 1, 1, 2, 2, 2, -1]);
  });

  it('with allowSingleCluster, eom keeps the root when its children are not denser enough', () => {
    // Two triples at spacing 1, gap g: children win when 6 × (1 − 1/g) > 6 / g, i.e. g > 2.
    const close = line(0, 1, 2, 3.5, 4.5, 5.5);
    const apart = line(0, 1, 2, 5, 6, 7);
    const single = { minClusterSize: 2, selection: 'eom', allowSingleCluster: true } as const;
    expect(hdbscan(close, single).labels).toEqual([0, 0, 0, 0, 0, 0]);
    expect(hdbscan(apart, single).labels).toEqual([0, 0, 0, 1, 1, 1]);
    expect(hdbscan(close, { ...single, allowSingleCluster: false }).labels).toEqual([
      0, 0, 0, 1, 1, 1,
    ]);
  });

  it('a tree without any split is all noise unless a single cluster is allowed', () => {
    // {0, 1, 2} never splits into two parts of ≥ 2; 10 leaves the root at λ = 1/8, the rest at 1.
    const distances = line(0, 1, 2, 10);
    expect(hdbscan(distances, { minClusterSize: 2, selection: 'eom' }).labels).toEqual([
      -1, -1, -1, -1,
    ]);
    for (const selection of ['eom', 'leaf'] as const) {
      const result = hdbscan(distances, { minClusterSize: 2, selection, allowSingleCluster: true });
      expect(result.labels).toEqual([0, 0, 0, -1]);
    }
    expect(hdbscan(distances, { minClusterSize: 2, selection: 'leaf' }).labels).toEqual([
      -1, -1, -1, -1,
    ]);
  });

  it('handles duplicate points (distance 0, λ = ∞)', () => {
    const distances = line(0, 0, 5, 5);
    const result = hdbscan(distances, { minClusterSize: 2, selection: 'eom' });
    expect(result.labels).toEqual([0, 0, 1, 1]);
    expect(result.probabilities).toEqual([1, 1, 1, 1]);
  });

  it('larger minSamples make more noise (core distances grow)', () => {
    // minSamples 2: {0..3} and {20, 21} are clusters. minSamples 4: cores become 3, 2, 2, 3, 18,
    // 19, so {20, 21} no longer holds together and nothing splits into two parts of ≥ 2: the
    // root is the single cluster and, as in scikit-learn, only the points that stay until its
    // last split (1 and 2, which leave at λ = 1/2) belong to it; 0 and 3 left at λ = 1/3.
    const distances = line(0, 1, 2, 3, 20, 21);
    const options = { minClusterSize: 2, selection: 'eom', allowSingleCluster: true } as const;
    expect(hdbscan(distances, { ...options, minSamples: 2 }).labels).toEqual([0, 0, 0, 0, 1, 1]);
    expect(hdbscan(distances, { ...options, minSamples: 4 }).labels).toEqual([
      -1, 0, 0, -1, -1, -1,
    ]);
  });

  it('counts the point itself in core distances and defaults minSamples to minClusterSize', () => {
    expect(coreDistances(line(0, 1, 3), 1)).toEqual([0, 0, 0]);
    expect(coreDistances(line(0, 1, 3), 2)).toEqual([1, 1, 2]);
    expect(coreDistances(line(0, 1, 3), 9)).toEqual([3, 2, 3]);
    const distances = line(0, 1, 2, 3, 20, 21);
    expect(
      hdbscan(distances, { minClusterSize: 4, selection: 'eom', allowSingleCluster: true }),
    ).toEqual(
      hdbscan(distances, {
        minClusterSize: 4,
        minSamples: 4,
        selection: 'eom',
        allowSingleCluster: true,
      }),
    );
  });

  it('accepts Float64Array rows and is deterministic under ties', () => {
    const ties = Array.from({ length: 6 }, (_, row) =>
      Float64Array.from({ length: 6 }, (_, column) => (row === column ? 0 : 1)),
    );
    const first = hdbscan(ties, { minClusterSize: 2, selection: 'eom', allowSingleCluster: true });
    expect(first).toEqual(
      hdbscan(ties, { minClusterSize: 2, selection: 'eom', allowSingleCluster: true }),
    );
    expect(first.labels).toEqual([0, 0, 0, 0, 0, 0]);
    expect(hdbscan(ties, { minClusterSize: 2, selection: 'eom' }).labels).toEqual([
      -1, -1, -1, -1, -1, -1,
    ]);
  });

  it('treats fewer than two points as noise', () => {
    expect(hdbscan([], { minClusterSize: 2, selection: 'eom' })).toEqual({
      labels: [],
      probabilities: [],
    });
    expect(
      hdbscan([[0]], { minClusterSize: 2, selection: 'eom', allowSingleCluster: true }).labels,
    ).toEqual([-1]);
  });

  it('rejects malformed input with an invalid_input error', () => {
    const cases: [number[][], number][] = [
      [
        [
          [0, 1],
          [1, 0],
          [1, 1],
        ],
        2,
      ],
      [
        [
          [0, -1],
          [-1, 0],
        ],
        2,
      ],
      [
        [
          [0, 1],
          [2, 0],
        ],
        2,
      ],
      [
        [
          [0, Number.NaN],
          [Number.NaN, 0],
        ],
        2,
      ],
      [line(0, 1), 1],
    ];
    for (const [distances, minClusterSize] of cases) {
      expect(() => hdbscan(distances, { minClusterSize, selection: 'eom' })).toThrow(
        expect.objectContaining({ code: 'invalid_input' }),
      );
    }
    try {
      hdbscan(line(0, 1), { minClusterSize: 2, minSamples: 0, selection: 'eom' });
      expect.unreachable();
    } catch (error) {
      expect(isClarifyError(error, 'invalid_input')).toBe(true);
    }
  });
});
