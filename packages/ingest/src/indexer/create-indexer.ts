import type {
  DocumentStore,
  Embedder,
  IndexCounters,
  IndexFileError,
  IndexJob,
  IndexJobStore,
  IndexTrigger,
  TryWithLock,
} from '@clarify/core';
import { ClarifyError, describeError, emptyIndexCounters, mapWithConcurrency } from '@clarify/core';
import { DEFAULT_CHUNK_OPTIONS, type ChunkOptions } from '../chunk';
import type { SourceReader } from '../sources/source-reader';
import { contentHash, versionKey } from './content-hash';
import { prepareDocument } from './prepare-document';

export type IndexerDeps = {
  documents: DocumentStore;
  jobs: IndexJobStore;
  embedder: Embedder;
  tryWithLock: TryWithLock;
  chunkOptions?: ChunkOptions;
  /** Documents processed at once (parsing and embedding overlap). */
  concurrency?: number;
  /** Files larger than this are reported and skipped. */
  maxFileBytes?: number;
};

export type IndexProgress = { total: number; processed: number; counters: IndexCounters };

export type IndexRunOptions = {
  sourceId: string;
  reader: SourceReader;
  trigger: IndexTrigger;
  /** Who asked (recorded with the job): a user, an admin's chat id, "schedule". */
  requestedBy?: string | null;
  /** The queued job this run serves (so whoever queued it can follow it). */
  queueJobId?: string | null;
  /**
   * Stops the run between documents (a worker shutting down): what was indexed stays, nothing
   * is deleted, and the job is recorded as interrupted.
   */
  signal?: AbortSignal;
  /** Allow deleting more than `MASS_DELETION_SHARE` of a source in one run (DI-3). */
  confirmDeletions?: boolean;
  /** Re-process every document, changed or not (new chunking, a suspect index). */
  full?: boolean;
  onProgress?: (progress: IndexProgress) => void;
};

export const MASS_DELETION_SHARE = 0.2;
/** Live counters are written to the job at most this often. */
export const PROGRESS_WRITE_INTERVAL_MS = 1_000;
/** Below this many documents the mass-deletion guard does not apply. */
export const MASS_DELETION_MIN_DOCUMENTS = 10;

/**
 * Incremental indexing of one source: unchanged documents cost nothing, a changed one is
 * replaced atomically, unreadable ones are reported and keep their previous version, and
 * documents gone from a complete listing are deleted. One run per source at a time.
 */
export function createIndexer(deps: IndexerDeps) {
  const chunkOptions = deps.chunkOptions ?? DEFAULT_CHUNK_OPTIONS;
  const settingsKey = JSON.stringify({ chunkOptions, model: deps.embedder.model });
  const maxFileBytes = deps.maxFileBytes ?? 50 * 1024 * 1024;

  async function run(options: IndexRunOptions): Promise<IndexJob> {
    const locked = await deps.tryWithLock(`clarify:index:${options.sourceId}`, () =>
      runLocked(options),
    );
    if (!locked.acquired) {
      throw new ClarifyError(
        'index_already_running',
        `source "${options.sourceId}" is already being indexed; try again when that run ends`,
      );
    }
    return locked.value;
  }

  async function runLocked(options: IndexRunOptions): Promise<IndexJob> {
    const job = await deps.jobs.start({
      sourceId: options.sourceId,
      trigger: options.trigger,
      requestedBy: options.requestedBy ?? null,
      queueJobId: options.queueJobId ?? null,
    });
    // This run holds the source's lock: any other "running" job of it belongs to a dead process.
    await deps.jobs.abandonRunning(options.sourceId, job.id);
    const counters = emptyIndexCounters();
    const errors: IndexFileError[] = [];
    const live = liveProgress(deps.jobs, job.id);
    try {
      const items = await options.reader.list();
      for (const withheld of options.reader.withheld?.() ?? []) {
        errors.push({ path: withheld.externalId, message: `not indexed: ${withheld.reason}` });
      }
      const stored = await deps.documents.listVersions(options.sourceId);
      counters.documentsSeen = items.length;
      let processed = 0;
      const report = () => {
        options.onProgress?.({ total: items.length, processed, counters: { ...counters } });
        live.write(items.length, counters);
      };
      report();

      await mapWithConcurrency(items, deps.concurrency ?? 4, async (item) => {
        throwIfInterrupted(options.signal);
        const fail = (message: string) => {
          errors.push({ path: item.externalId, message });
          counters.documentsSkipped++;
        };
        try {
          if (item.sizeBytes !== null && item.sizeBytes > maxFileBytes) {
            return fail(`file too large (${item.sizeBytes} bytes, limit ${maxFileBytes})`);
          }
          const known = stored.get(item.externalId);
          const version =
            item.version === undefined ? null : versionKey(item.version, item.uri, settingsKey);
          // The source says it has not changed since it was indexed: not even read.
          if (!options.full && version !== null && known?.sourceVersion === version) {
            counters.documentsUnchanged++;
            return;
          }
          const read = await item.read();
          const { bytes, parseAs } =
            read instanceof Uint8Array ? { bytes: read, parseAs: undefined } : read;
          const hash = contentHash(bytes, settingsKey);
          if (!options.full && known?.contentHash === hash) {
            // Same bytes under a new marker or link: remembered, so the next run skips it unread.
            if (known.sourceVersion !== version || known.uri !== item.uri) {
              await deps.documents.refresh(options.sourceId, item.externalId, {
                sourceVersion: version,
                uri: item.uri,
              });
            }
            counters.documentsUnchanged++;
            return;
          }
          const prepared = await prepareDocument({
            item,
            bytes,
            ...(parseAs !== undefined && { parseAs }),
            chunkOptions,
          });
          if (prepared.kind === 'skipped') return fail(prepared.reason);
          const vectors = await deps.embedder.embed(prepared.embeddingTexts);
          await deps.documents.replace({
            sourceId: options.sourceId,
            document: { ...prepared.document, contentHash: hash, sourceVersion: version },
            chunks: prepared.chunks.map((chunk, index) => ({
              ...chunk,
              embedding: vectorAt(vectors, index),
            })),
            embeddingModel: deps.embedder.model,
          });
          counters.documentsIndexed++;
          counters.chunksWritten += prepared.chunks.length;
        } catch (error) {
          // Problems with one file are reported; a failing embedder or database ends the run.
          if (
            error instanceof ClarifyError &&
            (error.code === 'parse_failed' || error.code === 'document_unreadable')
          ) {
            return fail(error.message);
          }
          if (isFileReadError(error)) return fail(`cannot read file: ${describeError(error)}`);
          throw error;
        } finally {
          processed++;
          report();
        }
      });

      throwIfInterrupted(options.signal);
      const listed = new Set(items.map((item) => item.externalId));
      const gone = [...stored.keys()].filter((externalId) => !listed.has(externalId));
      const massDeletion =
        stored.size >= MASS_DELETION_MIN_DOCUMENTS &&
        gone.length > stored.size * MASS_DELETION_SHARE;
      if (massDeletion && !options.confirmDeletions) {
        counters.deletionsHeld = gone.length;
      } else if (gone.length > 0) {
        counters.documentsDeleted = await deps.documents.delete(options.sourceId, gone);
      }
      if (counters.chunksWritten > 0) {
        await deps.documents.ensureVectorIndex(deps.embedder.model, deps.embedder.dimensions);
      }
      // A rebuild for a new embedding model: the old passages answered until now; they go once
      // every document has its new ones (the store checks; a run that re-embedded nothing
      // cannot have completed one).
      if (counters.documentsIndexed > 0) {
        await deps.documents.retireOtherModels(options.sourceId, deps.embedder.model);
      }
      report();
      await live.settled();
      return await deps.jobs.finish(job.id, { status: 'succeeded', counters, errors });
    } catch (error) {
      await live.settled();
      await deps.jobs
        .finish(job.id, { status: 'failed', counters, errors, error: describeError(error) })
        .catch(() => {});
      throw error;
    }
  }

  return { run };
}

export type Indexer = ReturnType<typeof createIndexer>;

/**
 * Writes a job's counters while it runs, for whoever follows it from another process: at most
 * once a second, one write at a time, the latest counters winning; a failed write is only a
 * missed update (the final counters are written by `finish`).
 */
function liveProgress(jobs: IndexJobStore, id: number) {
  let lastWrite = 0;
  let writing: Promise<void> = Promise.resolve();
  let pending: { total: number; counters: IndexCounters } | null = null;
  const flush = () => {
    const next = pending;
    pending = null;
    if (next === null) return;
    lastWrite = Date.now();
    writing = writing.then(() => jobs.progress(id, next)).catch(() => {});
  };
  return {
    write(total: number, counters: IndexCounters) {
      pending = { total, counters: { ...counters } };
      if (Date.now() - lastWrite >= PROGRESS_WRITE_INTERVAL_MS) flush();
    },
    async settled() {
      flush();
      await writing;
    },
  };
}

function throwIfInterrupted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) {
    throw new ClarifyError(
      'index_interrupted',
      'interrupted: the worker stopped before the run finished; documents done so far are kept',
    );
  }
}

function vectorAt(vectors: readonly Float32Array[], index: number): Float32Array {
  const vector = vectors[index];
  if (!vector) throw new ClarifyError('embedding_failed', 'the embedder returned too few vectors');
  return vector;
}

function isFileReadError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code) && code !== 'ECONNREFUSED';
}
