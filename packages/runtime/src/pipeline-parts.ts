import type { ConversationStore, Embedder, Retriever } from '@clarify/core';
import { createPgConversationStore, createPgRetriever, type Database } from '@clarify/db';

/** What the question pipeline needs of a knowledge base. */
export type PipelineParts = {
  database: Database;
  embedder: Embedder;
  retriever: Retriever;
  conversations: ConversationStore;
};

/** The pipeline's parts over an already open database (benchmarks and tests). */
export function pipelineParts(database: Database, embedder: Embedder): PipelineParts {
  return {
    database,
    embedder,
    retriever: createPgRetriever({ db: database.db, embedder }),
    conversations: createPgConversationStore(database.db),
  };
}
