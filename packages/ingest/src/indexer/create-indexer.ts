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
  /** Allow deleting more than `MASS_DELETION_SHARE` of a source in one run (DI-3). */
  confirmDeletions?: boolean;
  /** Re-process every document, changed or not (new chunking, a suspect index). */
  full?: boolean;
  onProgress?: (progress: IndexProgress) => void;
};

export const MASS_DELETION_SHARE = 0.2;
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
    const job = await deps.jobs.start({ sourceId: options.sourceId, trigger: options.trigger });
    const counters = emptyIndexCounters();
    const errors: IndexFileError[] = [];
    try {
      const items = await options.reader.list();
      for (const withheld of options.reader.withheld?.() ?? []) {
        errors.push({ path: withheld.externalId, message: `not indexed: ${withheld.reason}` });
      }
      const stored = await deps.documents.listVersions(options.sourceId);
      counters.documentsSeen = items.length;
      let processed = 0;
      const report = () =>
        options.onProgress?.({ total: items.length, processed, counters: { ...counters } });
      report();

      await mapWithConcurrency(items, deps.concurrency ?? 4, async (item) => {
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
      report();
      return await deps.jobs.finish(job.id, { status: 'succeeded', counters, errors });
    } catch (error) {
      await deps.jobs
        .finish(job.id, { status: 'failed', counters, errors, error: describeError(error) })
        .catch(() => {});
      throw error;
    }
  }

  return { run };
}

export type Indexer = ReturnType<typeof createIndexer>;

function vectorAt(vectors: readonly Float32Array[], index: number): Float32Array {
  const vector = vectors[index];
  if (!vector) throw new ClarifyError('embedding_failed', 'the embedder returned too few vectors');
  return vector;
}

function isFileReadError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code) && code !== 'ECONNREFUSED';
}
