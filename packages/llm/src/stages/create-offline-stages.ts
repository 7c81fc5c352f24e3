import type {
  AnswerWriter,
  InterpretationExtractor,
  QueryRewriter,
  WordFrequencies,
} from '@clarify/core';
import { createOfflineAnswerWriter } from '../answer/create-offline-answer-writer';
import { createOfflineInterpretationExtractor, type ReadReadings } from '@clarify/offline';
import { createOfflineQueryRewriter } from '../rewrite/create-offline-query-rewriter';

/** The three model-backed stages the assistant takes (and takes again as its `fallback`). */
export type PipelineStages = {
  rewriter: QueryRewriter;
  extractor: InterpretationExtractor;
  answerWriter: AnswerWriter;
};

/**
 * The stages without any LLM: deterministic, no network; also the fallback of the LLM ones.
 * `wordFrequencies` (the knowledge base's) weigh a question's words by how rare they are;
 * `readReadings` works out the readings elsewhere (a worker pool) instead of in this thread.
 */
export function createOfflineStages(
  options: { wordFrequencies?: WordFrequencies; readReadings?: ReadReadings } = {},
): PipelineStages {
  return {
    rewriter: createOfflineQueryRewriter(),
    extractor: createOfflineInterpretationExtractor({
      corpus: options.wordFrequencies,
      ...(options.readReadings && { read: options.readReadings }),
    }),
    answerWriter: createOfflineAnswerWriter(),
  };
}
