import { meanVector, squaredDistance } from './vector-math';

const MAX_ITERATIONS = 100;

/**
 * Lloyd's k-means (Euclidean) with deterministic farthest-first seeding: the first centre is
 * point 0 (the best-ranked passage), each next one the point farthest from the centres so far
 * (ties to the lower index). Points go to the nearest centre (ties to the lower centre) until no
 * assignment changes. Returns a label per point, clusters numbered by first appearance; fewer
 * than k clusters when the points have fewer distinct positions.
 */
export function kMeans(points: readonly Float64Array[], k: number): number[] {
  const first = points[0];
  if (first === undefined) return [];
  const centres = [first];
  while (centres.length < k) {
    let farthest = -1;
    let farthestDistance = 0;
    points.forEach((point, index) => {
      const distance = Math.min(...centres.map((centre) => squaredDistance(point, centre)));
      if (distance > farthestDistance) [farthest, farthestDistance] = [index, distance];
    });
    const next = points[farthest];
    if (next === undefined) break;
    centres.push(next);
  }

  let labels: number[] = [];
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const assigned = points.map((point) => nearest(point, centres));
    if (assigned.every((label, index) => label === labels[index])) break;
    labels = assigned;
    centres.forEach((centre, label) => {
      const members = points.filter((_point, index) => labels[index] === label);
      centres[label] = members.length > 0 ? meanVector(members) : centre;
    });
  }
  return numberedByFirstAppearance(labels);
}

function nearest(point: Float64Array, centres: readonly Float64Array[]): number {
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  centres.forEach((centre, label) => {
    const distance = squaredDistance(point, centre);
    if (distance < bestDistance) [best, bestDistance] = [label, distance];
  });
  return best;
}

function numberedByFirstAppearance(labels: readonly number[]): number[] {
  const renumbered = new Map<number, number>();
  return labels.map((label) => {
    const known = renumbered.get(label);
    if (known !== undefined) return known;
    renumbered.set(label, renumbered.size);
    return renumbered.size - 1;
  });
}
