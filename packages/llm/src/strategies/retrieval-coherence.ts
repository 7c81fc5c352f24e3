import { kMeans } from './k-means';
import { silhouette } from './silhouette';
import { meanVector, squaredDistance } from './vector-math';

/** ADF's reading of the retrieved set (Eq. 3). */
export type CoherenceState = 'ambiguous' | 'uncertain' | 'unambiguous';

export type CoherenceOptions = {
  /** τ_var: dispersion from which a set without clear clusters is "uncertain". */
  dispersionThreshold: number;
  /** τ_sep: 2-means silhouette from which the set is "ambiguous". */
  separationThreshold: number;
  /** Largest k tried when splitting (ADF: 4). */
  maxClusters: number;
};

export type Coherence = {
  /** σ²_var: mean squared distance to the centroid (unit vectors: 1 − ‖μ‖²). */
  dispersion: number;
  /** σ_sep: mean silhouette of the 2-means split. */
  separation: number;
  state: CoherenceState;
  /** The cluster of each point when the set is split, else null. */
  labels: number[] | null;
};

/** Fewer points are never split: ADF notes k-means is unreliable below 4–5 documents. */
const MIN_POINTS_TO_SPLIT = 4;
const SCORE_TOLERANCE = 1e-9;

/**
 * ADF's ambiguity signal from retrieval geometry (Ramakrishnan et al. 2025, §4, Eq. 3) over unit
 * vectors of the retrieved passages: the set is "ambiguous" when the 2-means silhouette reaches
 * τ_sep, "uncertain" when it does not but the dispersion reaches τ_var, else "unambiguous".
 * The dispersion is the paper's variance; on unit vectors it is (N − 1)/N times the mean pairwise
 * cosine distance. Ambiguous and uncertain sets are split, as in Algorithm 1 (only the
 * unambiguous exit early), into the k of 2..maxClusters (at most N − 1) whose k-means labelling
 * has the best silhouette (ties to the smaller k).
 */
export function assessCoherence(
  points: readonly Float64Array[],
  options: CoherenceOptions,
): Coherence {
  const centroid = meanVector(points);
  const dispersion =
    points.reduce((sum, point) => sum + squaredDistance(point, centroid), 0) /
    Math.max(1, points.length);
  if (points.length < MIN_POINTS_TO_SPLIT) {
    return { dispersion, separation: 0, state: 'unambiguous', labels: null };
  }
  const twoMeans = kMeans(points, 2);
  const separation = silhouette(points, twoMeans);
  const state: CoherenceState =
    separation >= options.separationThreshold
      ? 'ambiguous'
      : dispersion >= options.dispersionThreshold
        ? 'uncertain'
        : 'unambiguous';
  if (state === 'unambiguous') return { dispersion, separation, state, labels: null };
  let best = { labels: twoMeans, score: separation };
  const largest = Math.min(options.maxClusters, points.length - 1);
  for (let k = 3; k <= largest; k++) {
    const labels = kMeans(points, k);
    const score = silhouette(points, labels);
    if (score > best.score + SCORE_TOLERANCE) best = { labels, score };
  }
  return { dispersion, separation, state, labels: best.labels };
}
