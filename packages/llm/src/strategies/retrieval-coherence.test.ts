import { describe, expect, it } from 'vitest';
import { kMeans } from './k-means';
import { assessCoherence } from './retrieval-coherence';
import { silhouette } from './silhouette';
import { unitVector } from './vector-math';

const OPTIONS = { dispersionThreshold: 0.25, separationThreshold: 0.1, maxClusters: 4 };

/** A unit vector along `axis` of 6, nudged by `nudge` along axis 5. */
function point(axis: number, nudge = 0): Float64Array {
  const vector = new Float32Array(6);
  vector[axis] = 1;
  vector[5] = (vector[5] ?? 0) + nudge;
  return unitVector(vector);
}

describe('kMeans', () => {
  it('finds well-separated groups, numbered by first appearance, deterministically', () => {
    const points = [point(1), point(0), point(1, 0.1), point(0, 0.1), point(2), point(2, 0.1)];
    expect(kMeans(points, 3)).toEqual([0, 1, 0, 1, 2, 2]);
    expect(kMeans(points, 3)).toEqual(kMeans(points, 3));
  });

  it('returns fewer clusters than k when points coincide', () => {
    expect(kMeans([point(0), point(0), point(0)], 2)).toEqual([0, 0, 0]);
  });
});

describe('silhouette', () => {
  it('is near 1 for tight, distant groups and 0 for one cluster', () => {
    const points = [point(0), point(0, 0.05), point(1), point(1, 0.05)];
    expect(silhouette(points, [0, 0, 1, 1])).toBeGreaterThan(0.9);
    expect(silhouette(points, [0, 1, 0, 1])).toBeLessThan(0);
    expect(silhouette(points, [0, 0, 0, 0])).toBe(0);
  });

  it('scores a point alone in its cluster 0', () => {
    const points = [point(0), point(0, 0.05), point(1)];
    const pairScore = silhouette([point(0), point(0, 0.05), point(1), point(1)], [0, 0, 1, 1]);
    expect(silhouette(points, [0, 0, 1])).toBeLessThan(pairScore);
    expect(silhouette(points, [0, 0, 1])).toBeCloseTo((2 * pairScore) / 3, 1);
  });
});

describe('assessCoherence', () => {
  it('calls two separated groups ambiguous and splits them in two', () => {
    const points = [point(0), point(1), point(0, 0.1), point(1, 0.1), point(0, 0.2), point(1, 0.2)];
    const coherence = assessCoherence(points, OPTIONS);
    expect(coherence.state).toBe('ambiguous');
    expect(coherence.separation).toBeGreaterThan(0.5);
    expect(coherence.labels).toEqual([0, 1, 0, 1, 0, 1]);
  });

  it('chooses k by silhouette: three groups give three clusters', () => {
    const points = [0, 1, 2].flatMap((axis) => [point(axis), point(axis, 0.1)]);
    expect(assessCoherence(points, OPTIONS).labels).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('calls a tight set unambiguous and does not split it', () => {
    // Axis 0 nudged a little towards each of five other axes: every pair equally close.
    const points = [1, 2, 3, 4, 5].map((axis) => {
      const vector = new Float32Array(6);
      vector[0] = 1;
      vector[axis] = 0.01;
      return unitVector(vector);
    });
    const coherence = assessCoherence(points, OPTIONS);
    expect(coherence).toMatchObject({ state: 'unambiguous', labels: null });
    expect(coherence.dispersion).toBeLessThan(0.001);
  });

  it('calls a dispersed set without clusters uncertain, and still splits it (Algorithm 1)', () => {
    const points = [0, 1, 2, 3, 4, 5].map((axis) => point(axis));
    const coherence = assessCoherence(points, OPTIONS);
    expect(coherence.state).toBe('uncertain');
    // Orthogonal unit vectors: variance 1 − ‖μ‖² = 1 − 1/6; no split has a silhouette above 0.
    expect(coherence.dispersion).toBeCloseTo(5 / 6, 6);
    expect(coherence.separation).toBeCloseTo(0, 6);
    expect(new Set(coherence.labels).size).toBe(2);
  });

  it('does not split fewer than four points', () => {
    const coherence = assessCoherence([point(0), point(1), point(2)], OPTIONS);
    expect(coherence).toMatchObject({ state: 'unambiguous', labels: null });
  });
});
