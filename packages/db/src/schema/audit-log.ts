import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { AuditOutcome } from '@clarify/core';

/** Admin actions taken through a chat platform, and refused attempts; append-only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    platform: text('platform').notNull(),
    workspaceId: text('workspace_id').notNull(),
    actorUserId: text('actor_user_id').notNull(),
    /** 'reindex', 'status', 'sources', 'refused', … */
    action: text('action').notNull(),
    target: text('target'),
    outcome: text('outcome').$type<AuditOutcome>().notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Ends with id so "the newest N entries" (created_at desc, id desc) is one backward index scan.
    index('audit_log_created_idx').on(table.createdAt, table.id),
    check('audit_log_outcome_check', sql`${table.outcome} in ('ok', 'refused', 'failed')`),
  ],
);
