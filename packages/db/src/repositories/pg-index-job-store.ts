import { desc, eq } from 'drizzle-orm';
import type { IndexJob, IndexJobStore } from '@clarify/core';
import type { AppDatabase } from '../client/database';
import { indexJobs } from '../schema';

/** Index runs and their counters, newest first. */
export function createPgIndexJobStore(db: AppDatabase): IndexJobStore {
  return {
    async start({ sourceId, trigger }) {
      const [row] = await db
        .insert(indexJobs)
        .values({ sourceId, trigger, status: 'running' })
        .returning();
      if (!row) throw new Error('insert into index_jobs returned no row');
      return row satisfies IndexJob;
    },

    async finish(id, { status, counters, errors, error }) {
      const [row] = await db
        .update(indexJobs)
        .set({ status, ...counters, errors, error: error ?? null, finishedAt: new Date() })
        .where(eq(indexJobs.id, id))
        .returning();
      if (!row) throw new Error(`index job ${id} not found`);
      return row;
    },

    async latest({ sourceId, limit = 20 } = {}) {
      const query = db.select().from(indexJobs);
      const filtered = sourceId ? query.where(eq(indexJobs.sourceId, sourceId)) : query;
      return filtered.orderBy(desc(indexJobs.startedAt), desc(indexJobs.id)).limit(limit);
    },
  };
}
