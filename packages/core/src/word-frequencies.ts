/**
 * How common words are across the whole knowledge base. The offline engine weights a question's
 * words by it: a word most passages hold ("second", "produced") says little about which passage
 * answers, a rare one ("heartbeat") says much — which the twenty retrieved passages alone cannot
 * tell, since they were retrieved for sharing the question's words.
 */
export interface WordFrequencies {
  count(words: readonly string[], options?: { signal?: AbortSignal }): Promise<WordCounts>;
}

export type WordCounts = {
  /** Passages in the knowledge base. */
  passages: number;
  /**
   * Per word, in order: how many passages hold it (in any inflection), or null when the index
   * does not count the word (a stop word to it, or no letters at all).
   */
  holding: ReadonlyArray<number | null>;
};
