import type { AnswerWriter, InterpretationExtractor, QueryRewriter } from '@clarify/core';
import { createOfflineAnswerWriter } from '../answer/create-offline-answer-writer';
import { createOfflineInterpretationExtractor } from '../offline-extractor/create-offline-interpretation-extractor';
import { createOfflineQueryRewriter } from '../rewrite/create-offline-query-rewriter';

/** The three model-backed stages the assistant takes (and takes again as its `fallback`). */
export type PipelineStages = {
  rewriter: QueryRewriter;
  extractor: InterpretationExtractor;
  answerWriter: AnswerWriter;
};

/** The stages without any LLM: deterministic, no network; also the fallback of the LLM ones. */
export function createOfflineStages(): PipelineStages {
  return {
    rewriter: createOfflineQueryRewriter(),
    extractor: createOfflineInterpretationExtractor(),
    answerWriter: createOfflineAnswerWriter(),
  };
}
