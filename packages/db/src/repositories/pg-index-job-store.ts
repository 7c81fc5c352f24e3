import { and, desc, eq, ne } from 'drizzle-orm';
import type { IndexJob, IndexJobStore } from '@clarify/core';
import type { AppDatabase } from '../client/database';
import { indexJobs } from '../schema';

/** Index runs and their counters, newest first. */
export function createPgIndexJobStore(db: AppDatabase): IndexJobStore {
  return {
    async start({ sourceId, trigger, requestedBy = null, queueJobId = null }) {
      const [row] = await db
        .insert(indexJobs)
        .values({ sourceId, trigger, requestedBy, queueJobId, status: 'running' })
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

    async progress(id, { total, counters }) {
      // In a transaction of its own, like the document writes it runs beside: PGlite served
      // over one socket (pglite-socket) interleaves a bare statement into another connection's
      // transaction otherwise and stalls.
      await db.transaction(async (tx) => {
        await tx
          .update(indexJobs)
          .set({ ...counters, documentsTotal: total, progressAt: new Date() })
          .where(and(eq(indexJobs.id, id), eq(indexJobs.status, 'running')));
      });
    },

    async abandonRunning(sourceId, exceptId) {
      const rows = await db
        .update(indexJobs)
        .set({
          status: 'failed',
          error: 'interrupted: the process running it stopped before it finished',
          finishedAt: new Date(),
        })
        .where(
          and(
            eq(indexJobs.sourceId, sourceId),
            eq(indexJobs.status, 'running'),
            ne(indexJobs.id, exceptId),
          ),
        )
        .returning({ id: indexJobs.id });
      return rows.length;
    },

    async get(id) {
      const [row] = await db.select().from(indexJobs).where(eq(indexJobs.id, id));
      return row ?? null;
    },

    async forQueueJob(queueJobId) {
      const [row] = await db
        .select()
        .from(indexJobs)
        .where(eq(indexJobs.queueJobId, queueJobId))
        .orderBy(desc(indexJobs.id))
        .limit(1);
      return row ?? null;
    },

    async latest({ sourceId, limit = 20 } = {}) {
      const query = db.select().from(indexJobs);
      const filtered = sourceId ? query.where(eq(indexJobs.sourceId, sourceId)) : query;
      return filtered.orderBy(desc(indexJobs.startedAt), desc(indexJobs.id)).limit(limit);
    },
  };
}
