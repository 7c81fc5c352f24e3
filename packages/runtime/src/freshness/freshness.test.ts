import { describe, expect, it } from 'vitest';
import type { Assistant, Citation, Reply, SourceSummary } from '@clarify/core';
import { createTraceRecorder } from '@clarify/core';
import { isStale, missedRun, scheduleIntervalMs } from '../jobs/schedule-interval';
import { createStaleSources } from './stale-sources';
import { withFreshnessNotes } from './with-freshness-notes';

const HOUR = 3_600_000;
const now = new Date('2026-11-25T12:00:00Z');

const source = (id: string, schedule: string | null, hoursAgo: number | null): SourceSummary => ({
  id,
  name: id === 'wiki' ? 'The wiki' : id,
  type: 'web',
  settings: {},
  schedule,
  audience: [],
  status: 'active',
  createdAt: now,
  updatedAt: now,
  documents: 3,
  chunks: 9,
  lastIndexedAt: hoursAgo === null ? null : new Date(now.getTime() - hoursAgo * HOUR),
});

const citation = (sourceId: string): Citation => ({
  chunkId: `${sourceId}-1`,
  documentId: 'leave.md',
  sourceId,
  title: 'Leave',
  uri: 'https://wiki.example.com/leave',
  heading: 'Leave',
  updatedAt: new Date('2026-10-01T00:00:00Z'),
});

const answer = (...sourceIds: string[]): Reply => ({
  kind: 'answer',
  text: 'Everyone gets 25 vacation days [1].',
  citations: sourceIds.map(citation),
  trace: createTraceRecorder().finish(),
});

const answering = (reply: Reply): Assistant => ({
  ask: () => Promise.resolve(reply),
  choose: () => Promise.resolve(reply),
  chooseOption: () =>
    Promise.resolve({
      status: 'answered',
      chosen: { clarificationId: 'c', optionId: '1', label: 'Leave', userId: 'U1' } as never,
      reply,
    }),
});

describe('schedules', () => {
  it('knows how long a schedule allows between runs', () => {
    expect(scheduleIntervalMs('0 3 * * *')).toBe(24 * HOUR);
    expect(scheduleIntervalMs('*/15 * * * *')).toBe(15 * 60_000);
    expect(scheduleIntervalMs('not a schedule')).toBeNull();
  });

  it('calls a run missed when the last success is older than one interval, or there is none', () => {
    expect(missedRun('0 3 * * *', null, now)).toBe(true);
    expect(missedRun('0 3 * * *', new Date(now.getTime() - 30 * HOUR), now)).toBe(true);
    expect(missedRun('0 3 * * *', new Date(now.getTime() - 20 * HOUR), now)).toBe(false);
  });

  it('calls a source stale past twice its interval, and never one without a schedule', () => {
    expect(isStale('0 3 * * *', new Date(now.getTime() - 49 * HOUR), now)).toBe(true);
    expect(isStale('0 3 * * *', new Date(now.getTime() - 47 * HOUR), now)).toBe(false);
    expect(isStale(null, new Date(0), now)).toBe(false);
  });
});

describe('freshness in answers', () => {
  const stale = createStaleSources({
    list: () =>
      Promise.resolve([
        source('wiki', '0 3 * * *', 72),
        source('handbook', '0 3 * * *', 2),
        source('manual', null, 5_000),
      ]),
    now: () => now,
  });

  it('notes a cited source refreshed longer ago than twice its schedule', async () => {
    const reply = await withFreshnessNotes(answering(answer('wiki', 'handbook')), stale).ask({
      thread: { platform: 'cli', workspaceId: 'w', channelId: 'c', threadId: 't' },
      userId: 'U1',
      text: 'How many vacation days do I get?',
    });
    expect(reply.kind === 'answer' && reply.note).toBe(
      'The wiki was last refreshed on 22 Nov 2026; it may be out of date.',
    );
  });

  it('adds nothing for fresh or unscheduled sources, and keeps the note an answer had', async () => {
    const fresh = await withFreshnessNotes(answering(answer('handbook', 'manual')), stale).choose(
      'c',
      '1',
    );
    expect(fresh.kind === 'answer' && fresh.note).toBeUndefined();
    const degraded = { ...answer('wiki'), note: 'AI answer unavailable.' } as Reply;
    const chosen = await withFreshnessNotes(answering(degraded), stale).chooseOption({
      clarificationId: 'c',
      optionId: '1',
    });
    expect(
      chosen.status === 'answered' && chosen.reply.kind === 'answer' && chosen.reply.note,
    ).toBe(
      'AI answer unavailable.\nThe wiki was last refreshed on 22 Nov 2026; it may be out of date.',
    );
  });

  it('answers without the note when the sources cannot be read', async () => {
    const errors: string[] = [];
    const broken = createStaleSources({ list: () => Promise.reject(new Error('database down')) });
    const reply = await withFreshnessNotes(answering(answer('wiki')), broken, (message) =>
      errors.push(message),
    ).choose('c', '1');
    expect(reply.kind).toBe('answer');
    expect(reply.kind === 'answer' && reply.note).toBeUndefined();
    expect(errors).toEqual([expect.stringMatching(/database down/)]);
  });
});
