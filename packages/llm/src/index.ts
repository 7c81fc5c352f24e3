// The offline embedder and extractor live in @clarify/offline; re-exported for the pipeline.
export {
  createOfflineEmbedder,
  createOfflineInterpretationExtractor,
  type OfflineEmbedderOptions,
  type OfflineExtractorOptions,
} from '@clarify/offline';
export { createOpenAiEmbedder } from './openai/create-openai-embedder';
export type { OpenAiEmbedderOptions } from './openai/create-openai-embedder';
export { createOpenAiChatModel } from './chat/create-openai-chat-model';
export type { OpenAiChatModelOptions } from './chat/create-openai-chat-model';
export type { StructuredOutputMode } from './chat/structured-request';
export { zodSchema } from './chat/zod-schema';
export { createOfflineAnswerWriter } from './answer/create-offline-answer-writer';
export type { OfflineAnswerWriterOptions } from './answer/create-offline-answer-writer';
export { createLlmAnswerWriter } from './answer/create-llm-answer-writer';
export type { LlmAnswerWriterOptions } from './answer/create-llm-answer-writer';
export { checkCitations } from './answer/check-citations';
export type { CheckedCitations } from './answer/check-citations';
export { createOfflineQueryRewriter } from './rewrite/create-offline-query-rewriter';
export { createLlmQueryRewriter } from './rewrite/create-llm-query-rewriter';
export type { LlmQueryRewriterOptions } from './rewrite/create-llm-query-rewriter';
export { checkRewrite, preservedEntities } from './rewrite/preserved-entities';
export type { RewriteCheck } from './rewrite/preserved-entities';
export { createLlmInterpretationExtractor } from './extract/create-llm-interpretation-extractor';
export type { LlmInterpretationExtractorOptions } from './extract/create-llm-interpretation-extractor';
export { createOfflineStages } from './stages/create-offline-stages';
export type { PipelineStages } from './stages/create-offline-stages';
export { createLlmStages } from './stages/create-llm-stages';
export type { LlmStagesOptions } from './stages/create-llm-stages';
export { createDivaStrategy } from './strategies/create-diva-strategy';
export type { DivaStrategyOptions } from './strategies/create-diva-strategy';
export { createRacStrategy } from './strategies/create-rac-strategy';
export type { RacStrategyOptions } from './strategies/create-rac-strategy';
export { createAdfStrategy } from './strategies/create-adf-strategy';
export type { AdfStrategyOptions } from './strategies/create-adf-strategy';
export {
  withCircuitBreaker,
  type CircuitBreakerOptions,
  type CircuitStateName,
  type LlmCircuit,
} from './chat/with-circuit-breaker';
