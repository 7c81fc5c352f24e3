import type { ChatModel } from '@clarify/core';
import { createLlmAnswerWriter } from '../answer/create-llm-answer-writer';
import type { LlmAnswerWriterOptions } from '../answer/create-llm-answer-writer';
import { createLlmInterpretationExtractor } from '../extract/create-llm-interpretation-extractor';
import type { LlmInterpretationExtractorOptions } from '../extract/create-llm-interpretation-extractor';
import { createLlmQueryRewriter } from '../rewrite/create-llm-query-rewriter';
import type { LlmQueryRewriterOptions } from '../rewrite/create-llm-query-rewriter';
import type { PipelineStages } from './create-offline-stages';

/** Per-stage settings of the LLM stages; the chat model is given once, to `createLlmStages`. */
export type LlmStagesOptions = {
  rewriter?: Omit<LlmQueryRewriterOptions, 'chatModel'>;
  extractor?: Omit<LlmInterpretationExtractorOptions, 'chatModel'>;
  answerWriter?: Omit<LlmAnswerWriterOptions, 'chatModel'>;
};

/**
 * The stages over one chat model: rewrite, per-passage extraction, cited answers. Pass
 * `createOfflineStages()` as the assistant's `fallback`: these throw `llm_failed` when the model
 * is down, and the assistant then answers offline with a visible note.
 */
export function createLlmStages(
  chatModel: ChatModel,
  options: LlmStagesOptions = {},
): PipelineStages {
  return {
    rewriter: createLlmQueryRewriter({ ...options.rewriter, chatModel }),
    extractor: createLlmInterpretationExtractor({ ...options.extractor, chatModel }),
    answerWriter: createLlmAnswerWriter({ ...options.answerWriter, chatModel }),
  };
}
