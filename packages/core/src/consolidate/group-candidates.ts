import {
  FEW_CANDIDATES,
  MAX_DISTANCE_TO_MEDOID,
  NEAR_DUPLICATE_DISTANCE,
  TOP_RANKS,
  type ClusteringParameters,
} from './consolidation-settings';
import { hdbscan } from './hdbscan';
import { medoidOf } from './medoid';
import { nearDuplicateGroups } from './near-duplicate-groups';
import type { DistanceMatrix } from './single-linkage';

/** What `groupCandidates` works on: distances, retrieval positions and HDBSCAN parameters. */
export type GroupCandidatesInput = {
  /** Cosine distances between the candidates' embeddings. */
  distances: DistanceMatrix;
  /** Each candidate's 1-based retrieval position among the candidates' passages. */
  positions: readonly number[];
  parameters: ClusteringParameters;
};

/**
 * Fewer than two minimum-size clusters' worth of candidates: HDBSCAN could return at most one
 * scale-free cluster, so group near-duplicates instead and keep a group when it is as large as
 * a cluster or its best passage ranks in the top `TOP_RANKS`.
 */
function groupSmallSet(input: GroupCandidatesInput): number[][] {
  return nearDuplicateGroups(input.distances).filter(
    (members) =>
      members.length >= input.parameters.minClusterSize ||
      Math.min(...members.map((member) => input.positions[member] ?? Infinity)) <= TOP_RANKS,
  );
}

function hdbscanClusters(input: GroupCandidatesInput): number[][] {
  const { labels } = hdbscan(input.distances, input.parameters);
  const clusters: number[][] = [];
  labels.forEach((label, member) => {
    if (label >= 0) (clusters[label] ??= []).push(member);
  });
  return clusters
    .map((members) => {
      const medoid = medoidOf(members, input.distances, input.positions);
      return members.filter(
        (member) => (input.distances[medoid]?.[member] ?? 0) <= MAX_DISTANCE_TO_MEDOID,
      );
    })
    .filter((members) => members.length >= 2);
}

/**
 * Splits candidates into groups that each become one interpretation (PIPELINE stage 6). From
 * `2 × minClusterSize` candidates up, HDBSCAN clusters them; a member farther than
 * `MAX_DISTANCE_TO_MEDOID` from its medoid becomes noise, and so does a cluster left with one; a noise candidate
 * within `NEAR_DUPLICATE_DISTANCE` of a cluster member joins the nearest such member's cluster;
 * with few candidates (`FEW_CANDIDATES`, or no cluster at all), a remaining noise candidate whose
 * passage ranks in the top `TOP_RANKS` survives alone; other noise is dropped.
 */
export function groupCandidates(input: GroupCandidatesInput): number[][] {
  const count = input.distances.length;
  if (count < 2 * input.parameters.minClusterSize) return groupSmallSet(input);
  const clusters = hdbscanClusters(input);
  const clusterOf = new Map<number, number>();
  clusters.forEach((members, cluster) =>
    members.forEach((member) => clusterOf.set(member, cluster)),
  );
  const noise = Array.from({ length: count }, (_, index) => index).filter(
    (index) => !clusterOf.has(index),
  );
  const clustered = [...clusterOf.keys()].sort((left, right) => left - right);
  const few = count <= FEW_CANDIDATES || clusters.length === 0;
  const singletons: number[][] = [];
  for (const candidate of noise) {
    let nearest: number | undefined;
    let nearestDistance = Infinity;
    for (const member of clustered) {
      const distance = input.distances[candidate]?.[member] ?? Infinity;
      if (distance <= NEAR_DUPLICATE_DISTANCE && distance < nearestDistance) {
        nearest = member;
        nearestDistance = distance;
      }
    }
    const cluster = nearest === undefined ? undefined : clusters[clusterOf.get(nearest) ?? -1];
    if (cluster) cluster.push(candidate);
    else if (few && (input.positions[candidate] ?? Infinity) <= TOP_RANKS) {
      singletons.push([candidate]);
    }
  }
  return [...clusters.map((members) => members.sort((left, right) => left - right)), ...singletons];
}
