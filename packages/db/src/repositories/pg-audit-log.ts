import { desc } from 'drizzle-orm';
import type { AuditEntry, AuditLog } from '@clarify/core';
import type { AppDatabase } from '../client/database';
import { auditLog } from '../schema';

/** Admin actions in Postgres (`audit_log`), read back newest first. */
export function createPgAuditLog(db: AppDatabase): AuditLog {
  return {
    async record(entry) {
      await db.insert(auditLog).values(entry);
    },

    async recent(limit) {
      if (limit <= 0) return [];
      const rows = await db
        .select()
        .from(auditLog)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit);
      return rows.map(({ id: _id, ...entry }): AuditEntry => entry);
    },
  };
}
