export { startScriptedOpenAiServer } from './openai-server/start-scripted-openai-server';
export type {
  RecordedRequest,
  ScriptedOpenAiServer,
  ScriptedOpenAiServerOptions,
} from './openai-server/start-scripted-openai-server';
export type { ScriptedReply } from './openai-server/scripted-reply';
export type { ChatReply } from './openai-server/chat-completion-response';
export { createFakeEmbedder } from './fakes/create-fake-embedder';
export type { FakeEmbedder, FakeEmbedderOptions } from './fakes/create-fake-embedder';
export { createCountingEmbedder } from './fakes/create-counting-embedder';
export type { CountingEmbedder } from './fakes/create-counting-embedder';
export { seededVector } from './seeded-vector';
export {
  createMemoryClarificationStore,
  createMemoryConversationStore,
} from './fakes/memory-stores';
