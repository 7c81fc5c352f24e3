import type { ClarifyConfig, EmbeddingConfig } from '@clarify/config';
import { describeError, type Embedder, type TryWithLock } from '@clarify/core';
import {
  createPgConversationStore,
  createPgDocumentStore,
  createPgIndexJobStore,
  createPgRetriever,
  createPgSourceStore,
  createPgWordFrequencies,
  openDatabase,
  type Database,
} from '@clarify/db';
import { createIndexer } from '@clarify/ingest';
import { createOfflineEmbedder, createOpenAiEmbedder } from '@clarify/llm';
import { instrumentRetriever } from './operations/instrument';

export type KnowledgeBaseHooks = {
  onWarning?: (message: string) => void;
  /**
   * Where the one-run-per-source lock is taken, when not in the index's own database. Tests only:
   * the index needs pgvector (PGlite here), the cross-process locks a real PostgreSQL.
   */
  tryWithLock?: TryWithLock;
};

/** The composition root of the knowledge base: database, embedder, stores, indexer, retriever. */
export async function openKnowledgeBase(config: ClarifyConfig, hooks: KnowledgeBaseHooks = {}) {
  const database: Database = await openDatabase({
    databaseUrl: config.database.url,
    dataDir: config.dataDir,
    poolSize: config.database.poolSize,
    statementTimeoutMs: config.database.statementTimeoutMs,
  });
  return knowledgeBaseOver(database, config, hooks);
}

/** The knowledge base over a database already open (closing it closes the database). */
export function knowledgeBaseOver(
  database: Database,
  config: ClarifyConfig,
  hooks: KnowledgeBaseHooks = {},
) {
  const embedder = createEmbedder(config.embedding);
  const documents = createPgDocumentStore(database.db);
  const jobs = createPgIndexJobStore(database.db);
  return {
    config,
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
      tryWithLock: hooks.tryWithLock ?? database.tryWithLock,
      chunkOptions: config.chunking,
    }),
    retriever: instrumentRetriever(
      createPgRetriever({
        db: database.db,
        embedder,
        onEmbeddingError: (error) =>
          hooks.onWarning?.(
            `embeddings unavailable (${describeError(error)}); searching full text only`,
          ),
      }),
    ),
    wordFrequencies: createPgWordFrequencies(database.db),
    close: () => database.close(),
  };
}

export type KnowledgeBase = ReturnType<typeof knowledgeBaseOver>;

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
