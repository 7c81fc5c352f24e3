import { eq, sql } from 'drizzle-orm';
import type { Source, SourceStore, SourceSummary } from '@clarify/core';
import type { AppDatabase } from '../client/database';
import { queryRows } from '../client/query-rows';
import { sources } from '../schema';

type SummaryRow = {
  id: string;
  documents: number | string;
  chunks: number | string;
  last_indexed_at: Date | string | null;
};

/** A source's columns as the rest of Clarify sees them (its connector state apart). */
const sourceColumns = {
  id: sources.id,
  name: sources.name,
  type: sources.type,
  settings: sources.settings,
  schedule: sources.schedule,
  audience: sources.audience,
  status: sources.status,
  createdAt: sources.createdAt,
  updatedAt: sources.updatedAt,
};

/** Sources in Postgres, with per-source document and chunk counts for `clarify sources`. */
export function createPgSourceStore(db: AppDatabase): SourceStore {
  return {
    async upsert(input) {
      const now = new Date();
      const [row] = await db
        .insert(sources)
        .values({ ...input, updatedAt: now })
        .onConflictDoUpdate({
          target: sources.id,
          set: {
            name: input.name,
            type: input.type,
            settings: input.settings,
            ...(input.schedule !== undefined && { schedule: input.schedule }),
            ...(input.audience !== undefined && { audience: input.audience }),
            ...(input.status !== undefined && { status: input.status }),
            updatedAt: now,
          },
        })
        .returning(sourceColumns);
      if (!row) throw new Error(`upsert of source ${input.id} returned no row`);
      return row satisfies Source;
    },

    async get(id) {
      const [row] = await db.select(sourceColumns).from(sources).where(eq(sources.id, id));
      return row ?? null;
    },

    async list() {
      const all = await db.select(sourceColumns).from(sources).orderBy(sources.id);
      const counts = await queryRows<SummaryRow>(
        db,
        sql`select s.id,
              (select count(*) from documents d where d.source_id = s.id) as documents,
              (select count(*) from chunks c where c.source_id = s.id) as chunks,
              (select max(j.finished_at) from index_jobs j
                 where j.source_id = s.id and j.status = 'succeeded') as last_indexed_at
            from sources s`,
      );
      const byId = new Map(counts.map((row) => [row.id, row]));
      return all.map((source): SourceSummary => {
        const row = byId.get(source.id);
        return {
          ...source,
          documents: Number(row?.documents ?? 0),
          chunks: Number(row?.chunks ?? 0),
          lastIndexedAt: row?.last_indexed_at ? new Date(row.last_indexed_at) : null,
        };
      });
    },

    async syncState(id) {
      const [row] = await db
        .select({ state: sources.syncState })
        .from(sources)
        .where(eq(sources.id, id));
      return row?.state ?? null;
    },

    async saveSyncState(id, state) {
      await db.update(sources).set({ syncState: state }).where(eq(sources.id, id));
    },

    async remove(id) {
      const rows = await db.delete(sources).where(eq(sources.id, id)).returning({ id: sources.id });
      return rows.length > 0;
    },
  };
}
