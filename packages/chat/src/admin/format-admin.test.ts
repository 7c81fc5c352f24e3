import { describe, expect, it } from 'vitest';
import type { IndexJob, SourceSummary } from '@clarify/core';
import { emptyIndexCounters } from '@clarify/core';
import { formatStatus } from './format-admin';

const now = new Date('2026-11-25T12:00:00Z');
const plain = { bold: (text: string) => `*${text}*`, code: (text: string) => `\`${text}\`` };
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

const source = (id: string, schedule: string | null, indexed: Date): SourceSummary => ({
  id,
  name: id,
  type: 'web',
  settings: {},
  schedule,
  audience: [],
  status: 'active',
  createdAt: hoursAgo(500),
  updatedAt: hoursAgo(500),
  documents: 12,
  chunks: 40,
  lastIndexedAt: indexed,
});

describe('/clarify status', () => {
  it('shows each source’s schedule, flags one past twice its schedule, and a run in progress', () => {
    const running: IndexJob = {
      ...emptyIndexCounters(),
      documentsIndexed: 30,
      documentsUnchanged: 10,
      id: 7,
      sourceId: 'wiki',
      trigger: 'cron',
      requestedBy: 'schedule',
      queueJobId: null,
      status: 'running',
      documentsTotal: 120,
      progressAt: now,
      errors: [],
      error: null,
      startedAt: hoursAgo(0.05),
      finishedAt: null,
    };
    const text = formatStatus(
      {
        sources: [
          source('wiki', '0 3 * * *', hoursAgo(60)),
          source('handbook', null, hoursAgo(300)),
        ],
        jobs: [running],
        now,
      },
      plain,
    );
    expect(text).toContain(
      '*wiki* (web) — 12 documents, 40 chunks, indexed 3 days ago · every `0 3 * * *` · ⚠️ stale',
    );
    expect(text).toMatch(/\*handbook\* \(web\) — 12 documents, 40 chunks, indexed 13 days ago$/m);
    expect(text).toContain(
      '#7 *wiki* running now (cron by schedule, started 3 min ago: 40 of 120 documents)',
    );
  });
});
