import type { ClusterSelection } from './select-clusters';

/** The consolidation knob of VerDICt's Table 4: 'conservative' favours fewer clusters. */
export type ConsolidationSetting = 'default' | 'conservative';

/** HDBSCAN parameters of one consolidation setting. */
export type ClusteringParameters = {
  minClusterSize: number;
  minSamples: number;
  selection: ClusterSelection;
  allowSingleCluster: boolean;
};

/**
 * HDBSCAN parameters per setting. VerDICt reports a "Default" and a "Conservative (fewer
 * clusters)" setting without values (design/papers/seeds-verdict-diva.md, A.2 step 5 and
 * Table 4: |Q̂| 3.70 → 2.41, G-Precision 81.5 → 82.4, G-Recall 58.0 → 50.7). The notes suggest
 * min cluster size 2 for ≤ 20 pairs (C.2 item 4): two agreeing passages make an interpretation.
 * 'conservative' asks three, and raises min samples with it, which the hdbscan documentation
 * ("Parameter Selection") names the conservativeness knob: larger min samples declare more
 * points noise and restrict clusters to denser regions; larger min cluster sizes merge clusters.
 * Both keep scikit-learn's default 'eom' selection ('leaf' would split more, not less), and
 * both allow a single cluster: when every passage agrees the question is not ambiguous, and
 * stage 7 must see one interpretation rather than none.
 */
export const CONSOLIDATION_SETTINGS: Readonly<Record<ConsolidationSetting, ClusteringParameters>> =
  {
    default: { minClusterSize: 2, minSamples: 2, selection: 'eom', allowSingleCluster: true },
    conservative: { minClusterSize: 3, minSamples: 3, selection: 'eom', allowSingleCluster: true },
  };

/**
 * Cosine distance (1 − cosine similarity) at or below which two candidates are near-duplicates:
 * grouped together when there are too few to cluster, and a noise candidate this close to a
 * cluster member joins that cluster. Kept small because distinct readings of one question
 * share most of their words; not tuned, and it depends on the embedding model.
 */
export const NEAR_DUPLICATE_DISTANCE = 0.05;

/**
 * Cosine distance from its medoid beyond which a cluster member is treated as noise. HDBSCAN is
 * scale-free: among a few unrelated candidates it still finds a "cluster"; this bounds that.
 */
export const MAX_DISTANCE_TO_MEDOID = 0.5;

/**
 * "With few pairs, let singletons survive when their passage ranks high" (PIPELINE stage 6):
 * at most this many candidates count as few; with more, HDBSCAN's noise is dropped (VerDICt).
 */
export const FEW_CANDIDATES = 6;

/** A lone candidate (or near-duplicate group) survives when its passage ranks this high or better among the candidates' passages. */
export const TOP_RANKS = 3;
