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
export type StoredVersion = { contentHash: string; sourceVersion: string | null; uri: string };

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
  /**
   * Records a document's new change marker and link when its bytes did not change (a page
   * touched, a file moved): no re-embedding, and the next run skips it unread.
   */
  refresh(
    sourceId: string,
    externalId: string,
    update: { sourceVersion: string | null; uri: string },
  ): Promise<void>;
  /**
   * Once every document of a source has passages embedded with `embeddingModel`, deletes its
   * passages of other models (a rebuild for a new model is complete); returns how many.
   */
  retireOtherModels(sourceId: string, embeddingModel: string): Promise<number>;
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
  /** Who asked: a CLI user, an admin's chat user id, "schedule"; null when unknown. */
  requestedBy: string | null;
  /** The queued job this run serves, when it came through the queue. */
  queueJobId: string | null;
  status: IndexJobStatus;
  /** Documents in the listing, once listed: live progress is the counters over this. */
  documentsTotal: number | null;
  /** When the live counters were last written. */
  progressAt: Date | null;
  errors: IndexFileError[];
  error: string | null;
  startedAt: Date;
  finishedAt: Date | null;
};

export type IndexJobStart = {
  sourceId: string;
  trigger: IndexTrigger;
  requestedBy?: string | null;
  queueJobId?: string | null;
};

export interface IndexJobStore {
  start(input: IndexJobStart): Promise<IndexJob>;
  /** Live progress of a running job: the listing's size and the counters so far. */
  progress(id: number, progress: { total: number; counters: IndexCounters }): Promise<void>;
  /**
   * Marks a source's other `running` jobs failed: called by the run holding the source's lock,
   * so they are runs whose process died (killed, crashed) without recording an end.
   */
  abandonRunning(sourceId: string, exceptId: number): Promise<number>;
  get(id: number): Promise<IndexJob | null>;
  /** The run serving a queued job, once a worker started it. */
  forQueueJob(queueJobId: string): Promise<IndexJob | null>;
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
