import type {
  ConversationStore,
  Embedder,
  Retriever,
  SourceStore,
  WordFrequencies,
} from '@clarify/core';
import {
  createPgConversationStore,
  createPgRetriever,
  createPgWordFrequencies,
  type Database,
} from '@clarify/db';

/** What the question pipeline needs of a knowledge base. */
export type PipelineParts = {
  database: Database;
  embedder: Embedder;
  retriever: Retriever;
  /** How common words are across the knowledge base (the offline engine weighs words by it). */
  wordFrequencies: WordFrequencies;
  conversations: ConversationStore;
  /** The sources, when answers should say a cited one is stale (its schedule long missed). */
  sources?: Pick<SourceStore, 'list'>;
};

/** The pipeline's parts over an already open database (benchmarks and tests). */
export function pipelineParts(database: Database, embedder: Embedder): PipelineParts {
  return {
    database,
    embedder,
    retriever: createPgRetriever({ db: database.db, embedder }),
    wordFrequencies: createPgWordFrequencies(database.db),
    conversations: createPgConversationStore(database.db),
  };
}
