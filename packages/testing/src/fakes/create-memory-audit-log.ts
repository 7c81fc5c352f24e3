import type { AuditEntry, AuditLog } from '@clarify/core';
import { newestFirst, type Numbered } from './newest-first';

/**
 * Admin actions in memory, with the Postgres log's semantics: `recent` returns the last `limit`
 * entries newest first, ties in reverse order of recording; `detail` is kept as JSON, so what
 * JSON cannot hold comes back as Postgres's jsonb gives it back (a Date as its ISO string).
 */
export function createMemoryAuditLog(): AuditLog {
  const entries: Array<Numbered<AuditEntry>> = [];
  return {
    record(entry) {
      const detail = JSON.parse(JSON.stringify(entry.detail)) as AuditEntry['detail'];
      entries.push({ number: entries.length, row: structuredClone({ ...entry, detail }) });
      return Promise.resolve();
    },
    recent(limit) {
      return Promise.resolve(newestFirst(entries, limit));
    },
  };
}
