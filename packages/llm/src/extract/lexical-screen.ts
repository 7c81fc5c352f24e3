import type { Passage } from '@clarify/core';
import { questionCoverage } from '@clarify/offline';

export type LexicalScreenOptions = {
  /** Share of the question's (IDF-weighted) content words a passage must hold (default 0.34). */
  minCoverage?: number;
  /** Most passages sent to the model, the best covering first (default 8). */
  maxPassages?: number;
  /** Return the passages best covering first instead of in retrieval order. */
  bestFirst?: boolean;
};

/**
 * Which retrieved passages are worth an LLM call: a passage that holds under a third of what
 * the question asks about cannot fully answer it, and the model would abstain on it anyway.
 * At most `maxPassages` go through, the best covering (ties by retrieval rank); they come back
 * in retrieval order unless `bestFirst`. A question without content words screens nothing out.
 */
export function screenPassages(
  question: string,
  passages: readonly Passage[],
  options: LexicalScreenOptions = {},
): Passage[] {
  const minCoverage = options.minCoverage ?? 0.34;
  const maxPassages = options.maxPassages ?? 8;
  // The question's words as written: a compound matched by its parts ("payday" as "pay" +
  // "day"), or a word by a workplace synonym, is the offline engine's guess, too weak a reason
  // to pay for more calls (it would tip VerDICt over Diva's prompt tokens).
  const coverage = questionCoverage(question, passages, { compounds: false, synonyms: false });
  if (!coverage.hasTerms) return passages.slice(0, maxPassages);
  const kept = passages
    .map((passage, rank) => ({ passage, rank, coverage: coverage.ofPassage(passage) }))
    .filter((item) => item.coverage >= minCoverage)
    .sort((left, right) => right.coverage - left.coverage || left.rank - right.rank)
    .slice(0, maxPassages);
  if (options.bestFirst !== true) kept.sort((left, right) => left.rank - right.rank);
  return kept.map((item) => item.passage);
}
