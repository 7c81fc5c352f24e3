import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Embedder } from '@clarify/core';
import { createFilesSourceReader, createIndexer, type SourceReader } from '@clarify/ingest';
import { createOfflineEmbedder } from '@clarify/llm';
import { createCountingEmbedder } from '@clarify/testing';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/client/database';
import { queryRows } from '../src/client/query-rows';
import { createPgDocumentStore } from '../src/repositories/pg-document-store';
import { createPgIndexJobStore } from '../src/repositories/pg-index-job-store';
import { createPgRetriever } from '../src/repositories/pg-retriever';
import { createPgSourceStore } from '../src/repositories/pg-source-store';

/** Everything a knowledge-base test needs around one database: stores, indexer, retriever. */
export function createHarness(database: Database, embedder: Embedder = createOfflineEmbedder()) {
  const counting = createCountingEmbedder(embedder);
  const sources = createPgSourceStore(database.db);
  const documents = createPgDocumentStore(database.db);
  const jobs = createPgIndexJobStore(database.db);
  const indexer = createIndexer({
    documents,
    jobs,
    embedder: counting,
    tryWithLock: database.tryWithLock,
    chunkOptions: { targetChars: 400, overlapChars: 60 },
  });
  const retriever = createPgRetriever({ db: database.db, embedder: counting });
  const folders: string[] = [];

  async function addFolderSource(id: string, files: Record<string, string | Uint8Array>) {
    const root = await mkdtemp(join(tmpdir(), `clarify-${id}-`));
    folders.push(root);
    await writeFiles(root, files);
    await sources.upsert({ id, name: id, type: 'files', settings: { path: root } });
    return root;
  }

  function index(
    id: string,
    root: string,
    options: { reader?: SourceReader; confirmDeletions?: boolean; full?: boolean } = {},
  ) {
    return indexer.run({
      sourceId: id,
      trigger: 'cli',
      reader: options.reader ?? createFilesSourceReader({ path: root }),
      confirmDeletions: options.confirmDeletions,
      full: options.full,
    });
  }

  /** (id, xmin) of every document and chunk row: any insert, update or delete changes it. */
  async function rowVersions() {
    return queryRows<{ kind: string; id: string; xmin: string }>(
      database.db,
      sql`select 'document' as kind, id::text, xmin::text from documents
          union all select 'chunk', id::text, xmin::text from chunks
          order by 1, 2`,
    );
  }

  async function chunkRows(externalId: string) {
    return queryRows<{ id: string; xmin: string; text: string }>(
      database.db,
      sql`select c.id::text, c.xmin::text, c.text from chunks c
          join documents d on d.id = c.document_id
          where d.external_id = ${externalId} order by c.ordinal`,
    );
  }

  async function cleanup() {
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  }

  return {
    embedder: counting,
    sources,
    documents,
    jobs,
    indexer,
    retriever,
    addFolderSource,
    index,
    rowVersions,
    chunkRows,
    cleanup,
  };
}

export async function writeFiles(root: string, files: Record<string, string | Uint8Array>) {
  for (const [path, content] of Object.entries(files)) {
    const full = join(root, path);
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, content);
  }
}
