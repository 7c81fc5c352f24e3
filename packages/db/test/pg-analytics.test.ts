import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Feedback, Interpretation, QuestionRecord } from '@clarify/core';
import type { Database } from '../src/client/database';
import { createPgAnalytics, type Analytics } from '../src/repositories/pg-analytics';
import { createPgClarificationStore } from '../src/repositories/pg-clarification-store';
import { createPgFeedbackStore } from '../src/repositories/pg-feedback-store';
import { createPgQuestionLog } from '../src/repositories/pg-question-log';
import { questionLog } from '../src/schema';
import { createTestDatabase, testDatabaseKinds } from '../src/testing';

function question(createdAt: string, overrides: Partial<QuestionRecord> = {}): QuestionRecord {
  return {
    platform: 'slack',
    workspaceId: 'T1',
    channelId: 'C1',
    threadId: '1700000000.000100',
    userId: 'U1',
    text: 'How many vacation days do I get?',
    interpretedAs: null,
    decision: 'answer',
    totalMs: 1200,
    createdAt: new Date(createdAt),
    ...overrides,
  };
}

function vote(createdAt: string, userId: string, rating: Feedback['rating']): Feedback {
  return {
    platform: 'slack',
    workspaceId: 'T1',
    channelId: 'C1',
    messageId: '1700000000.000200',
    answerId: 'a-1',
    userId,
    rating,
    createdAt: new Date(createdAt),
  };
}

function interpretation(text: string): Interpretation {
  return { interpretation: text, answer: `About ${text}.`, evidence: '', passages: [], support: 1 };
}

describe.each(testDatabaseKinds())('question log and analytics on %s', (kind) => {
  let database: Database;
  let analytics: Analytics;
  beforeEach(async () => {
    database = await createTestDatabase(kind);
    analytics = createPgAnalytics(database.db);
  });
  afterEach(async () => {
    await database.close();
  });

  const record = async (...entries: QuestionRecord[]) => {
    const log = createPgQuestionLog(database.db);
    for (const entry of entries) await log.record(entry);
  };

  it('records a question with every field, its time rounded to whole milliseconds', async () => {
    const entry = question('2025-03-01T09:00:00.000Z', {
      interpretedAs: 'How many vacation days do Boston employees get?',
      decision: 'clarify',
      totalMs: 1234.6,
    });
    await record(entry);

    const rows = await database.db.select().from(questionLog);

    expect(rows).toEqual([{ id: expect.any(Number) as unknown, ...entry, totalMs: 1235 }]);
  });

  it('refuses a decision it does not know', async () => {
    const unknown = question('2025-03-01T09:00:00.000Z', {
      decision: 'maybe' as QuestionRecord['decision'],
    });
    await expect(record(unknown)).rejects.toThrow();
  });

  it('counts questions per UTC day, oldest first, days without questions as zeros', async () => {
    await record(
      question('2025-03-06T23:59:59.999Z'), // the day before the window
      question('2025-03-07T00:00:00.000Z'),
      question('2025-03-07T23:59:59.999Z', { decision: 'no-answer' }),
      question('2025-03-09T12:00:00.000Z', { decision: 'clarify' }),
      question('2025-03-09T13:00:00.000Z', { decision: 'failed' }),
      question('2025-03-09T14:00:00.000Z', { decision: 'failed' }),
      question('2025-03-10T07:00:00.000Z', { decision: 'answer' }),
      question('2025-03-11T00:00:00.000Z'), // tomorrow
    );

    const days = await analytics.questionsPerDay(4, new Date('2025-03-10T08:00:00.000Z'));

    expect(days).toEqual([
      { day: '2025-03-07', answer: 1, clarify: 0, noAnswer: 1, failed: 0 },
      { day: '2025-03-08', answer: 0, clarify: 0, noAnswer: 0, failed: 0 },
      { day: '2025-03-09', answer: 0, clarify: 1, noAnswer: 0, failed: 2 },
      { day: '2025-03-10', answer: 1, clarify: 0, noAnswer: 0, failed: 0 },
    ]);
    expect(await analytics.questionsPerDay(0)).toEqual([]);
  });

  it('counts the days up to today when no time is given, with no questions at all', async () => {
    const before = new Date().toISOString().slice(0, 10);
    const days = await analytics.questionsPerDay(2);
    const after = new Date().toISOString().slice(0, 10);

    const [yesterday, today] = days;
    expect(days).toHaveLength(2);
    expect([before, after]).toContain(today?.day);
    expect(Date.parse(`${today?.day}T00:00:00Z`) - Date.parse(`${yesterday?.day}T00:00:00Z`)).toBe(
      24 * 60 * 60 * 1000,
    );
    expect(today).toEqual({ day: today?.day, answer: 0, clarify: 0, noAnswer: 0, failed: 0 });
  });

  it('shares decisions since a moment, counting those the thread settled', async () => {
    const since = '2025-03-05T00:00:00.000Z';
    expect(await analytics.decisionShares(new Date(since))).toEqual({
      total: 0,
      answer: 0,
      clarify: 0,
      noAnswer: 0,
      failed: 0,
      settledByThread: 0,
    });
    await record(
      question('2025-03-04T23:59:59.999Z', { interpretedAs: 'Earlier' }),
      question(since, { interpretedAs: 'What about Boston employees?' }),
      question('2025-03-05T01:00:00.000Z'),
      question('2025-03-05T02:00:00.000Z', { decision: 'clarify', interpretedAs: 'Reset what?' }),
      question('2025-03-05T03:00:00.000Z', { decision: 'no-answer' }),
      question('2025-03-05T04:00:00.000Z', { decision: 'no-answer' }),
      question('2025-03-05T05:00:00.000Z', { decision: 'failed' }),
    );

    expect(await analytics.decisionShares(new Date(since))).toEqual({
      total: 6,
      answer: 2,
      clarify: 1,
      noAnswer: 2,
      failed: 1,
      settledByThread: 2,
    });
  });

  it('totals the votes given since a moment', async () => {
    expect(await analytics.feedbackTotals(new Date(0))).toEqual({ up: 0, down: 0 });
    const store = createPgFeedbackStore(database.db);
    await store.record(vote('2025-03-04T00:00:00.000Z', 'U0', 'down'));
    await store.record(vote('2025-03-05T00:00:00.000Z', 'U1', 'up'));
    await store.record(vote('2025-03-05T01:00:00.000Z', 'U2', 'down'));
    await store.record(vote('2025-03-05T02:00:00.000Z', 'U3', 'down'));

    expect(await analytics.feedbackTotals(new Date('2025-03-05T00:00:00.000Z'))).toEqual({
      up: 1,
      down: 2,
    });
  });

  it('groups unanswered questions case- and whitespace-insensitively, most frequent first', async () => {
    await record(
      question('2025-03-01T00:00:00.000Z', { text: 'how do i x?', decision: 'no-answer' }),
      question('2025-03-05T09:00:00.000Z', { text: '  How do I X? ', decision: 'no-answer' }),
      question('2025-03-05T10:00:00.000Z', { text: 'how do i x?', decision: 'no-answer' }),
      question('2025-03-05T11:00:00.000Z', { text: 'HOW  do I\tx?\n', decision: 'no-answer' }),
      question('2025-03-05T12:00:00.000Z', { text: 'how do i x?', decision: 'answer' }),
      question('2025-03-05T13:00:00.000Z', { text: 'Where is Y?', decision: 'no-answer' }),
      question('2025-03-05T14:00:00.000Z', { text: 'Who owns Z?', decision: 'no-answer' }),
      question('2025-03-05T15:00:00.000Z', { text: 'who owns z?', decision: 'no-answer' }),
      question('2025-03-05T16:00:00.000Z', { text: 'What is W?', decision: 'failed' }),
    );
    const since = new Date('2025-03-05T00:00:00.000Z');

    expect(await analytics.contentGaps(since, 10)).toEqual([
      { question: 'How do I X?', count: 3, lastAskedAt: new Date('2025-03-05T11:00:00.000Z') },
      { question: 'Who owns Z?', count: 2, lastAskedAt: new Date('2025-03-05T15:00:00.000Z') },
      { question: 'Where is Y?', count: 1, lastAskedAt: new Date('2025-03-05T13:00:00.000Z') },
    ]);
    expect((await analytics.contentGaps(since, 1)).map((gap) => gap.question)).toEqual([
      'How do I X?',
    ]);
    expect(await analytics.contentGaps(since, 0)).toEqual([]);
  });

  it('ranks the clarifications people chose by question and chosen reading, none left out', async () => {
    const store = createPgClarificationStore(database.db);
    const clarify = async (
      id: string,
      asked: { question: string; interpretedAs?: string },
      optionId: string | null,
      chosenAt: string,
    ) => {
      await store.save({
        id,
        thread: { platform: 'slack', workspaceId: 'T1', channelId: 'C1', threadId: id },
        userId: 'U1',
        question: asked.question,
        interpretedAs: asked.interpretedAs ?? null,
        interpretations: [interpretation('Reset the VPN password'), interpretation('Reset SSO')],
        createdAt: new Date('2025-03-01T00:00:00.000Z'),
        expiresAt: new Date('2025-04-01T00:00:00.000Z'),
        chosenOptionId: null,
      });
      if (optionId !== null) await store.choose(id, optionId, new Date(chosenAt));
    };
    const password = { question: 'How do I reset my password?' };
    await clarify('old', password, '1', '2025-03-04T00:00:00.000Z');
    await clarify('a', password, '1', '2025-03-05T01:00:00.000Z');
    await clarify(
      'b',
      { question: ' how do I reset my password? ' },
      '1',
      '2025-03-05T02:00:00.000Z',
    );
    await clarify('c', password, '2', '2025-03-05T03:00:00.000Z');
    await clarify('d', password, 'all', '2025-03-05T04:00:00.000Z');
    await clarify('e', password, 'none', '2025-03-05T05:00:00.000Z');
    await clarify('f', password, 'none', '2025-03-05T06:00:00.000Z');
    await clarify('g', password, null, '');
    await clarify(
      'h',
      { question: 'And for Boston?', interpretedAs: 'How do Boston employees reset a password?' },
      '2',
      '2025-03-05T07:00:00.000Z',
    );
    const since = new Date('2025-03-05T00:00:00.000Z');

    expect(await analytics.chosenClarifications(since, 10)).toEqual([
      {
        question: 'How do I reset my password?',
        chosen: 'Reset the VPN password',
        count: 2,
        lastChosenAt: new Date('2025-03-05T02:00:00.000Z'),
      },
      {
        question: 'How do Boston employees reset a password?',
        chosen: 'Reset SSO',
        count: 1,
        lastChosenAt: new Date('2025-03-05T07:00:00.000Z'),
      },
      {
        question: 'How do I reset my password?',
        chosen: 'Answer all',
        count: 1,
        lastChosenAt: new Date('2025-03-05T04:00:00.000Z'),
      },
      {
        question: 'How do I reset my password?',
        chosen: 'Reset SSO',
        count: 1,
        lastChosenAt: new Date('2025-03-05T03:00:00.000Z'),
      },
    ]);
    expect(await analytics.chosenClarifications(since, 2)).toHaveLength(2);
    expect(await analytics.chosenClarifications(since, 0)).toEqual([]);
  });

  it('lists the answers marked 👎 by question and reading, a changed vote counting as it is now', async () => {
    const log = createPgQuestionLog(database.db);
    const answered = (answerId: string, text: string, reading: string | null, at: string) =>
      log.answered({
        answerId,
        platform: 'slack',
        workspaceId: 'T1',
        channelId: 'C1',
        threadId: 't',
        userId: 'U1',
        question: text,
        reading,
        createdAt: new Date(at),
      });
    await answered('a-1', 'How many vacation days do I get?', 'Boston', '2026-11-20T10:00:00Z');
    await answered('a-2', '  how many  VACATION days do i get? ', 'Boston', '2026-11-21T10:00:00Z');
    await answered('a-3', 'When is payday?', null, '2026-11-21T11:00:00Z');
    // Recording the same answer again (a redelivery) changes nothing.
    await answered('a-3', 'When is payday?', null, '2026-11-21T11:00:00Z');
    const feedback = createPgFeedbackStore(database.db);
    const on = (
      answerId: string,
      messageId: string,
      userId: string,
      rating: Feedback['rating'],
      at: string,
    ) => feedback.record({ ...vote(at, userId, rating), answerId, messageId });
    await on('a-1', 'm1', 'U1', 'down', '2026-11-20T11:00:00Z');
    await on('a-2', 'm2', 'U2', 'down', '2026-11-21T12:00:00Z');
    await on('a-3', 'm3', 'U3', 'down', '2026-11-21T12:30:00Z');
    // U3 changed their mind: their vote is 👍 now.
    await on('a-3', 'm3', 'U3', 'up', '2026-11-21T13:00:00Z');
    // A 👎 before the window is left out.
    await on('a-1', 'm1', 'U4', 'down', '2026-11-01T00:00:00Z');

    expect(await analytics.downvotedAnswers(new Date('2026-11-10T00:00:00Z'), 10)).toEqual([
      {
        question: 'How many vacation days do I get?',
        reading: 'Boston',
        downvotes: 2,
        lastVotedAt: new Date('2026-11-21T12:00:00Z'),
      },
    ]);
  });
});
