import type { Passage } from './passage';

/** Which sources a conversation may read. `undefined` sourceIds means every source. */
export type RetrievalScope = {
  sourceIds?: readonly string[];
};

export type SearchRequest = {
  query: string;
  k: number;
  scope?: RetrievalScope;
};

/** Hybrid search over the knowledge base. */
export interface Retriever {
  search(request: SearchRequest): Promise<Passage[]>;
}
