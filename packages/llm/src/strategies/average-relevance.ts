import type { Passage } from '@clarify/core';
import { rankUnion } from './rank-union';

export type PrunedPassages = {
  /** Every passage retrieved for any interpretation, once, by averaged relevance (best first). */
  union: Passage[];
  /** Chunk ids of the passages kept. */
  kept: ReadonlySet<string>;
};

/**
 * Diva's noise pruning (In et al. 2024, §3.2 "Retrieval Diversification"): every passage p of the
 * union of the per-interpretation retrievals gets the averaged relevance
 * S(p) = (1/|Q̂|) Σ_j rel(q̂_j, p), and the top K by S are kept ("we set the number of passages
 * |P_i| to 5"). Retriever noise tends to be irrelevant to every pseudo-interpretation, and the
 * noise of a bad pseudo-interpretation irrelevant to most of them.
 *
 * The paper's rel is the cosine of a frozen SentenceBERT; this strategy has no encoder, so rel is
 * the retriever's fused score of p in q̂_j's list, 0 when p is not in it (the 1/|Q̂| is common to
 * all passages and does not change the order). Ties keep the order of first retrieval.
 */
export function pruneByAverageRelevance(
  lists: readonly (readonly Passage[])[],
  keep: number,
): PrunedPassages {
  const union = rankUnion(lists, (passage) => passage.score);
  const kept = new Set(union.slice(0, keep).map((passage) => passage.chunkId));
  return { union, kept };
}
