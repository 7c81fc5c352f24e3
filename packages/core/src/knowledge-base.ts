import type { DocumentChunk } from './chunk';

export type SourceType = 'files' | 'web' | 'confluence' | 'sharepoint';
export type SourceStatus = 'active' | 'paused';

/** Where documents come from, and who may read them. */
export type Source = {
  id: string;
  name: string;
  type: SourceType;
  settings: Record<string, unknown>;
  /** Cron expression for scheduled re-indexing, or null for manual only. */
  schedule: string | null;
  /** Audience tags allowed to read it; empty means everyone. */
  audience: string[];
  status: SourceStatus;
  createdAt: Date;
  updatedAt: Date;
};

export type SourceInput = Pick<Source, 'id' | 'name' | 'type' | 'settings'> &
  Partial<Pick<Source, 'schedule' | 'audience' | 'status'>>;

export type SourceSummary = Source & {
  documents: number;
  chunks: number;
  lastIndexedAt: Date | null;
};

export interface SourceStore {
  upsert(input: SourceInput): Promise<Source>;
  get(id: string): Promise<Source | null>;
  list(): Promise<SourceSummary[]>;
  remove(id: string): Promise<boolean>;
  /** What a source's connector kept from its last listing (a delta cursor), or null. */
  syncState(id: string): Promise<unknown>;
  saveSyncState(id: string, state: unknown): Promise<void>;
}

/** The identity and version of one document as stored. */
export type DocumentVersion = {
  externalId: string;
  uri: string;
  title: string;
  contentHash: string;
  /** The source's change marker keyed to the index settings, when the source gives one. */
  sourceVersion?: string | null;
  updatedAt: Date | null;
};

/** What is stored of a document to tell whether it changed. */
export type StoredVersion = { contentHash: string; sourceVersion: string | null };

export type EmbeddedChunk = DocumentChunk & { embedding: Float32Array };

export interface DocumentStore {
  /** externalId → content hash and source version of every document of a source. */
  listVersions(sourceId: string): Promise<Map<string, StoredVersion>>;
  /** Replaces a document and all its chunks in one transaction (readers see old or new). */
  replace(input: {
    sourceId: string;
    document: DocumentVersion;
    chunks: readonly EmbeddedChunk[];
    embeddingModel: string;
  }): Promise<void>;
  /** Deletes documents (and their chunks); returns how many were deleted. */
  delete(sourceId: string, externalIds: readonly string[]): Promise<number>;
  /**
   * Makes sure the vector index for an embedding model exists. Called after a run, so the first
   * bulk load builds the index once instead of maintaining it row by row.
   */
  ensureVectorIndex(embeddingModel: string, dimensions: number): Promise<void>;
}

export type IndexTrigger = 'cli' | 'admin' | 'cron';
export type IndexJobStatus = 'running' | 'succeeded' | 'failed';

export type IndexCounters = {
  documentsSeen: number;
  documentsIndexed: number;
  documentsUnchanged: number;
  documentsSkipped: number;
  documentsDeleted: number;
  deletionsHeld: number;
  chunksWritten: number;
};

export type IndexFileError = { path: string; message: string };

export type IndexJob = IndexCounters & {
  id: number;
  sourceId: string;
  trigger: IndexTrigger;
  status: IndexJobStatus;
  errors: IndexFileError[];
  error: string | null;
  startedAt: Date;
  finishedAt: Date | null;
};

export interface IndexJobStore {
  start(input: { sourceId: string; trigger: IndexTrigger }): Promise<IndexJob>;
  finish(
    id: number,
    outcome: {
      status: Exclude<IndexJobStatus, 'running'>;
      counters: IndexCounters;
      errors: IndexFileError[];
      error?: string;
    },
  ): Promise<IndexJob>;
  latest(options?: { sourceId?: string; limit?: number }): Promise<IndexJob[]>;
}

export function emptyIndexCounters(): IndexCounters {
  return {
    documentsSeen: 0,
    documentsIndexed: 0,
    documentsUnchanged: 0,
    documentsSkipped: 0,
    documentsDeleted: 0,
    deletionsHeld: 0,
    chunksWritten: 0,
  };
}
