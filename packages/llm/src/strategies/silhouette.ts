import { squaredDistance } from './vector-math';

/**
 * The mean silhouette (Rousseeuw 1987) of a labelling, with Euclidean distance as scikit-learn's
 * `silhouette_score` (which ADF's thresholds were tuned with): s_i = (b_i − a_i) / max(a_i, b_i),
 * a_i the mean distance to the rest of i's cluster, b_i the smallest mean distance to another
 * cluster. A point alone in its cluster scores 0; fewer than two clusters score 0.
 */
export function silhouette(points: readonly Float64Array[], labels: readonly number[]): number {
  const clusters = new Set(labels);
  if (clusters.size < 2 || points.length === 0) return 0;
  const scores = points.map((point, index) => {
    const own = labels[index];
    const meanDistances = new Map<number, { sum: number; count: number }>();
    points.forEach((other, otherIndex) => {
      if (otherIndex === index) return;
      const label = labels[otherIndex] ?? -1;
      const entry = meanDistances.get(label) ?? { sum: 0, count: 0 };
      entry.sum += Math.sqrt(squaredDistance(point, other));
      entry.count += 1;
      meanDistances.set(label, entry);
    });
    const ownEntry = own === undefined ? undefined : meanDistances.get(own);
    if (ownEntry === undefined) return 0;
    const a = ownEntry.sum / ownEntry.count;
    let b = Number.POSITIVE_INFINITY;
    for (const [label, entry] of meanDistances) {
      if (label !== own) b = Math.min(b, entry.sum / entry.count);
    }
    const scale = Math.max(a, b);
    return scale === 0 || !Number.isFinite(b) ? 0 : (b - a) / scale;
  });
  return scores.reduce((sum, score) => sum + score, 0) / scores.length;
}
