import type { ClarifyConfig, EmbeddingConfig } from '@clarify/config';
import { createAssistant, createHistoryGate, describeError, type Embedder } from '@clarify/core';
import {
  createPgClarificationStore,
  createPgConversationStore,
  createPgDocumentStore,
  createPgIndexJobStore,
  createPgRetriever,
  createPgSourceStore,
  openDatabase,
  type Database,
} from '@clarify/db';
import { createIndexer } from '@clarify/ingest';
import {
  createOfflineAnswerWriter,
  createOfflineEmbedder,
  createOfflineInterpretationExtractor,
  createOfflineQueryRewriter,
  createOpenAiEmbedder,
} from '@clarify/llm';

/** The composition root of the knowledge base: database, embedder, stores, indexer, retriever. */
export async function openKnowledgeBase(
  config: ClarifyConfig,
  hooks: { onWarning?: (message: string) => void } = {},
) {
  const embedder = createEmbedder(config.embedding);
  const database: Database = await openDatabase({
    databaseUrl: config.database.url,
    dataDir: config.dataDir,
    poolSize: config.database.poolSize,
    statementTimeoutMs: config.database.statementTimeoutMs,
  });
  const documents = createPgDocumentStore(database.db);
  const jobs = createPgIndexJobStore(database.db);
  return {
    database,
    embedder,
    sources: createPgSourceStore(database.db),
    conversations: createPgConversationStore(database.db),
    documents,
    jobs,
    indexer: createIndexer({
      documents,
      jobs,
      embedder,
      tryWithLock: database.tryWithLock,
      chunkOptions: config.chunking,
    }),
    retriever: createPgRetriever({
      db: database.db,
      embedder,
      onEmbeddingError: (error) =>
        hooks.onWarning?.(
          `embeddings unavailable (${describeError(error)}); searching full text only`,
        ),
    }),
    close: () => database.close(),
  };
}

export type KnowledgeBase = Awaited<ReturnType<typeof openKnowledgeBase>>;

/** What the question pipeline needs of a knowledge base, over an already open database. */
export function pipelineParts(database: Database, embedder: Embedder) {
  return {
    database,
    embedder,
    retriever: createPgRetriever({ db: database.db, embedder }),
    conversations: createPgConversationStore(database.db),
  };
}

/**
 * The question pipeline over a knowledge base, with the offline (no-network) implementations
 * of every LLM stage. LLM implementations are wired in once their configuration exists.
 */
export function createOfflineAssistant(
  kb: Pick<KnowledgeBase, 'retriever' | 'embedder' | 'database' | 'conversations'>,
) {
  return createAssistant({
    retriever: kb.retriever,
    embedder: kb.embedder,
    gate: createHistoryGate(),
    rewriter: createOfflineQueryRewriter(),
    extractor: createOfflineInterpretationExtractor(),
    answerWriter: createOfflineAnswerWriter(),
    conversations: kb.conversations,
    clarifications: createPgClarificationStore(kb.database.db),
  });
}

export function createEmbedder(config: EmbeddingConfig): Embedder {
  if (config.provider === 'offline')
    return createOfflineEmbedder({ dimensions: config.dimensions });
  return createOpenAiEmbedder({
    baseUrl: config.baseUrl,
    apiKey: config.apiKey,
    model: config.model,
    dimensions: config.dimensions,
    batchSize: config.batchSize,
    timeoutMs: config.timeoutMs,
    maxRetries: config.maxRetries,
  });
}
