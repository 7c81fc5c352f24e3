import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DocumentStore, EmbeddedChunk } from '@clarify/core';
import { queryRows } from '../client/query-rows';
import { formatHeadingPath } from '@clarify/core';
import type { AppDatabase } from '../client/database';
import { chunks, documents } from '../schema';
import { vectorIndexDdl } from './vector-index';

const INSERT_BATCH = 200;

/** Documents and chunks in Postgres; a document is always replaced in one transaction. */
export function createPgDocumentStore(db: AppDatabase): DocumentStore {
  return {
    async listVersions(sourceId) {
      const rows = await db
        .select({
          externalId: documents.externalId,
          contentHash: documents.contentHash,
          sourceVersion: documents.sourceVersion,
          uri: documents.uri,
        })
        .from(documents)
        .where(eq(documents.sourceId, sourceId));
      return new Map(
        rows.map((row) => [
          row.externalId,
          { contentHash: row.contentHash, sourceVersion: row.sourceVersion, uri: row.uri },
        ]),
      );
    },

    async refresh(sourceId, externalId, { sourceVersion, uri }) {
      // A transaction, as beside the other documents' replacements (see the job store's progress).
      await db.transaction(async (tx) => {
        await tx
          .update(documents)
          .set({ sourceVersion, uri })
          .where(and(eq(documents.sourceId, sourceId), eq(documents.externalId, externalId)));
      });
    },

    async replace({ sourceId, document, chunks: newChunks, embeddingModel }) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(documents)
          .values({ sourceId, ...document, indexedAt: new Date() })
          .onConflictDoUpdate({
            target: [documents.sourceId, documents.externalId],
            set: {
              uri: document.uri,
              title: document.title,
              contentHash: document.contentHash,
              sourceVersion: document.sourceVersion ?? null,
              updatedAt: document.updatedAt,
              indexedAt: new Date(),
            },
          })
          .returning({ id: documents.id });
        if (!row) throw new Error(`upsert of ${document.externalId} returned no row`);
        // Only this model's passages: another model's stay, answering for the processes still
        // on it, until a complete run of the source with this model retires them.
        await tx
          .delete(chunks)
          .where(and(eq(chunks.documentId, row.id), eq(chunks.embeddingModel, embeddingModel)));
        for (let start = 0; start < newChunks.length; start += INSERT_BATCH) {
          const batch = newChunks.slice(start, start + INSERT_BATCH);
          await tx.insert(chunks).values(batch.map((chunk) => toRow(chunk, row.id)));
        }
      });

      function toRow(chunk: EmbeddedChunk, documentId: number) {
        return {
          documentId,
          sourceId,
          ordinal: chunk.ordinal,
          heading: formatHeadingPath(chunk.headingPath),
          text: chunk.text,
          embedding: chunk.embedding,
          embeddingModel,
        };
      }
    },

    async retireOtherModels(sourceId, embeddingModel) {
      const rows = await queryRows<{ retired: number | string }>(
        db,
        sql`with complete as (
              select not exists (
                select 1 from documents d
                where d.source_id = ${sourceId}
                  and not exists (select 1 from chunks c
                                  where c.document_id = d.id and c.embedding_model = ${embeddingModel})
              ) as ok
            ),
            retired as (
              delete from chunks c
              where c.source_id = ${sourceId} and c.embedding_model <> ${embeddingModel}
                and (select ok from complete)
              returning 1
            )
            select count(*) as retired from retired`,
      );
      return Number(rows[0]?.retired ?? 0);
    },

    async delete(sourceId, externalIds) {
      let deleted = 0;
      for (let start = 0; start < externalIds.length; start += INSERT_BATCH) {
        const batch = externalIds.slice(start, start + INSERT_BATCH);
        const rows = await db
          .delete(documents)
          .where(and(eq(documents.sourceId, sourceId), inArray(documents.externalId, batch)))
          .returning({ id: documents.id });
        deleted += rows.length;
      }
      return deleted;
    },

    async ensureVectorIndex(embeddingModel, dimensions) {
      await db.transaction(async (tx) => {
        // HNSW builds far faster when the graph fits in memory.
        await tx.execute(sql`select set_config('maintenance_work_mem', '512MB', true)`);
        await tx.execute(vectorIndexDdl(embeddingModel, dimensions));
      });
    },
  };
}
