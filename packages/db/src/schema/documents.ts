import { bigint, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sources } from './sources';

/** One document of a source; replaced as a whole when its content hash changes. */
export const documents = pgTable(
  'documents',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sourceId: text('source_id')
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    /** Stable id inside the source: for files, the path relative to the source folder. */
    externalId: text('external_id').notNull(),
    uri: text('uri').notNull(),
    title: text('title').notNull(),
    /** sha256 of the raw bytes and of the index settings (chunker, embedding model). */
    contentHash: text('content_hash').notNull(),
    /**
     * The source's own change marker when the document was indexed (a file's mtime and size, an
     * ETag, a page version), keyed to the index settings; equal on the next listing → unchanged,
     * without reading the document. Null where the source gives none.
     */
    sourceVersion: text('source_version'),
    /** When the document last changed at its source (front matter date or file mtime). */
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('documents_source_external_id_key').on(table.sourceId, table.externalId)],
);
