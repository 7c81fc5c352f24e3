import { bigint, integer, jsonb, pgTable, text, timestamp, index } from 'drizzle-orm/pg-core';
import { sources } from './sources';

export type IndexJobError = { path: string; message: string };

/** One indexing run of one source, with its counters. */
export const indexJobs = pgTable(
  'index_jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sourceId: text('source_id')
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    trigger: text('trigger').$type<'cli' | 'admin' | 'cron'>().notNull(),
    /** Who asked: a CLI user, a Slack or Teams admin, or the schedule. */
    requestedBy: text('requested_by'),
    /** The pg-boss job this run serves, when it was queued. */
    queueJobId: text('queue_job_id'),
    status: text('status').$type<'running' | 'succeeded' | 'failed'>().notNull(),
    /** Documents in the listing (live progress: counters / total), null until listed. */
    documentsTotal: integer('documents_total'),
    documentsSeen: integer('documents_seen').notNull().default(0),
    documentsIndexed: integer('documents_indexed').notNull().default(0),
    documentsUnchanged: integer('documents_unchanged').notNull().default(0),
    documentsSkipped: integer('documents_skipped').notNull().default(0),
    documentsDeleted: integer('documents_deleted').notNull().default(0),
    deletionsHeld: integer('deletions_held').notNull().default(0),
    chunksWritten: integer('chunks_written').notNull().default(0),
    errors: jsonb('errors').$type<IndexJobError[]>().notNull().default([]),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** When the live counters were last written. */
    progressAt: timestamp('progress_at', { withTimezone: true }),
  },
  (table) => [
    index('index_jobs_source_started_idx').on(table.sourceId, table.startedAt),
    index('index_jobs_queue_job_idx').on(table.queueJobId),
  ],
);
