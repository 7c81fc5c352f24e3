import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tsvector, vector } from './column-types';
import { documents } from './documents';
import { sources } from './sources';

/** A passage of a document with its full-text vector and its embedding. */
export const chunks = pgTable(
  'chunks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** Copied from the document so access filters run inside the vector index scan. */
    sourceId: text('source_id')
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    /** Heading path joined with " › " (document title first). */
    heading: text('heading').notNull(),
    text: text('text').notNull(),
    tsv: tsvector('tsv').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce("heading", '')), 'A') || setweight(to_tsvector('english', "text"), 'D')`,
    ),
    embedding: vector('embedding').notNull(),
    embeddingModel: text('embedding_model').notNull(),
  },
  (table) => [
    index('chunks_document_id_idx').on(table.documentId),
    index('chunks_source_id_idx').on(table.sourceId),
    index('chunks_tsv_idx').using('gin', table.tsv),
  ],
);
