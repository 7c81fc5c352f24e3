export { createOfflineEmbedder } from './offline/create-offline-embedder';
export type { OfflineEmbedderOptions } from './offline/create-offline-embedder';
export { createOpenAiEmbedder } from './openai/create-openai-embedder';
export type { OpenAiEmbedderOptions } from './openai/create-openai-embedder';
