import { describe, expect, it } from 'vitest';
import type { AuditEntry, AuditLog } from '@clarify/core';
import { at } from './contract-clock';

function entry(seconds: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    platform: 'slack',
    workspaceId: 'T1',
    actorUserId: 'U1',
    action: 'reindex',
    target: 'kb',
    outcome: 'ok',
    detail: {},
    createdAt: at(seconds),
    ...overrides,
  };
}

/** What every AuditLog does, whatever stores the entries. */
export function auditLogContract(make: () => AuditLog): void {
  describe('AuditLog contract', () => {
    it('returns entries newest first, every field intact', async () => {
      const audit = make();
      const reindex = entry(1, {
        detail: { jobId: 42, documents: { indexed: 3, deleted: 0 }, paths: ['a.md'], note: null },
      });
      const refused = entry(3, {
        actorUserId: 'U9',
        action: 'refused',
        target: null,
        outcome: 'refused',
        detail: { asked: 'reindex', reason: 'not an admin' },
      });
      const failed = entry(2, { platform: 'teams', outcome: 'failed', detail: { error: 'x' } });
      await audit.record(reindex);
      await audit.record(refused);
      await audit.record(failed);

      const entries = await audit.recent(10);

      expect(entries).toEqual([refused, failed, reindex]);
      expect(entries[0]?.createdAt).toBeInstanceOf(Date);
    });

    it('returns the last entries only, ties putting the entry recorded last first', async () => {
      const audit = make();
      for (let index = 0; index < 5; index++) {
        await audit.record(entry(index % 2, { target: `source-${index}` }));
      }

      expect((await audit.recent(3)).map((e) => e.target)).toEqual([
        'source-3',
        'source-1',
        'source-4',
      ]);
      expect(await audit.recent(0)).toEqual([]);
    });

    it('keeps detail as JSON: a Date comes back as its ISO string', async () => {
      const audit = make();
      const when = new Date('2025-02-01T00:00:00.000Z');
      await audit.record(entry(1, { detail: { when, skipped: undefined } }));

      expect((await audit.recent(1))[0]?.detail).toEqual({ when: when.toISOString() });
    });
  });
}
