import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  isClarifyError,
  type Citation,
  type ClarificationStore,
  type ConversationStore,
  type Interpretation,
  type Passage,
  type PendingClarification,
  type StoredTurn,
  type ThreadKey,
} from '@clarify/core';
import type { Database } from '../src/client/database';
import { createPgClarificationStore } from '../src/repositories/pg-clarification-store';
import { createPgConversationStore } from '../src/repositories/pg-conversation-store';
import { createTestDatabase, testDatabaseKinds } from '../src/testing';

const thread: ThreadKey = {
  platform: 'slack',
  workspaceId: 'T1',
  channelId: 'C1',
  threadId: '1700000000.000100',
};
const start = new Date('2025-03-01T09:00:00.000Z');

function at(seconds: number): Date {
  return new Date(start.getTime() + seconds * 1000);
}

function citation(chunkId: string, updatedAt: Date | null): Citation {
  return {
    chunkId,
    documentId: 'it/vpn.md',
    sourceId: 'kb',
    title: 'VPN',
    uri: 'file:///kb/it/vpn.md',
    heading: 'VPN › Reset',
    updatedAt,
  };
}

function turn(seconds: number, text: string, overrides: Partial<StoredTurn> = {}): StoredTurn {
  return {
    thread,
    role: 'user',
    userId: 'U1',
    text,
    rewrittenText: null,
    citations: [],
    createdAt: at(seconds),
    ...overrides,
  };
}

function passage(chunkId: string, updatedAt: Date | null): Passage {
  return {
    chunkId,
    documentId: `docs/${chunkId}.md`,
    sourceId: 'kb',
    title: `Doc ${chunkId}`,
    uri: `file:///kb/docs/${chunkId}.md`,
    headingPath: [`Doc ${chunkId}`, 'Leave'],
    text: `Passage ${chunkId}: employees get 16 weeks of paid leave.`,
    score: 0.032786885245901634,
    denseRank: 1,
    similarity: 0.8123456789,
    lexicalRank: null,
    updatedAt,
  };
}

function interpretation(name: string, passages: Passage[]): Interpretation {
  return {
    interpretation: `How much ${name} leave do I get?`,
    answer: `16 weeks of ${name} leave.`,
    evidence: 'employees get 16 weeks of paid leave',
    passages,
    support: passages.length,
  };
}

function clarification(id: string, overrides: Partial<PendingClarification> = {}) {
  return {
    id,
    thread,
    userId: 'U1',
    question: 'how much leave do I get?',
    interpretedAs: 'How much leave do I get in Rotterdam?',
    interpretations: [
      interpretation('parental', [
        passage('11', new Date('2024-11-05T10:20:30.456Z')),
        passage('12', null),
      ]),
      interpretation('annual', [passage('21', new Date('2023-01-01T00:00:00.000Z'))]),
    ],
    createdAt: at(0),
    expiresAt: at(3600),
    chosenOptionId: null,
    ...overrides,
  } satisfies PendingClarification;
}

describe.each(testDatabaseKinds())('conversation stores on %s', (kind) => {
  let database: Database;
  let conversations: ConversationStore;
  let clarifications: ClarificationStore;

  beforeEach(async () => {
    database = await createTestDatabase(kind);
    conversations = createPgConversationStore(database.db);
    clarifications = createPgClarificationStore(database.db);
  });
  afterEach(async () => {
    await database.close();
  });

  describe('ConversationStore', () => {
    it('returns the last turns of a thread oldest first, with citations intact', async () => {
      const answer = turn(2, 'Open id.example.com.', {
        role: 'assistant',
        userId: null,
        citations: [citation('7', new Date('2024-06-01T12:00:00.000Z')), citation('8', null)],
      });
      // Appended out of order: order comes from createdAt, not insertion.
      await conversations.append(turn(3, 'and on my phone?', { rewrittenText: 'VPN on a phone?' }));
      await conversations.append(turn(1, 'how do I reset the VPN password?'));
      await conversations.append(answer);

      const turns = await conversations.recent(thread, 10);

      expect(turns.map((t) => t.text)).toEqual([
        'how do I reset the VPN password?',
        'Open id.example.com.',
        'and on my phone?',
      ]);
      expect(turns[1]).toEqual(answer);
      expect(turns[1]?.citations[0]?.updatedAt).toBeInstanceOf(Date);
      expect(turns[2]?.rewrittenText).toBe('VPN on a phone?');
    });

    it('limits to the most recent turns and breaks createdAt ties by insertion order', async () => {
      for (let index = 1; index <= 5; index++) {
        await conversations.append(turn(index, `message ${index}`));
      }
      await conversations.append(turn(5, 'message 5b'));

      expect((await conversations.recent(thread, 3)).map((t) => t.text)).toEqual([
        'message 4',
        'message 5',
        'message 5b',
      ]);
      expect(await conversations.recent(thread, 0)).toEqual([]);
    });

    it('keeps threads apart', async () => {
      const others: ThreadKey[] = [
        { ...thread, threadId: 'other-thread' },
        { ...thread, channelId: 'C2' },
        { ...thread, workspaceId: 'T2' },
        { ...thread, platform: 'teams' },
      ];
      await conversations.append(turn(1, 'mine'));
      for (const [index, other] of others.entries()) {
        await conversations.append(turn(index + 2, `not mine ${index}`, { thread: other }));
      }

      expect((await conversations.recent(thread, 10)).map((t) => t.text)).toEqual(['mine']);
      expect(await conversations.recent(others[0] ?? thread, 10)).toEqual([
        turn(2, 'not mine 0', { thread: others[0] }),
      ]);
    });
  });

  describe('ClarificationStore', () => {
    it('round-trips a clarification, Dates inside passages included', async () => {
      const saved = clarification('c-round-trip');
      await clarifications.save(saved);

      const loaded = await clarifications.get('c-round-trip');

      expect(loaded).toEqual(saved);
      expect(loaded?.interpretations[0]?.passages[0]?.updatedAt).toBeInstanceOf(Date);
      expect(await clarifications.get('missing')).toBeNull();
    });

    it('records a choice once; a second click gets already-chosen with the first choice', async () => {
      await clarifications.save(clarification('c1'));

      const first = await clarifications.choose('c1', '2', at(60));
      expect(first).toEqual({
        status: 'chosen',
        clarification: { ...clarification('c1'), chosenOptionId: '2' },
      });

      expect(await clarifications.choose('c1', '2', at(61))).toEqual({
        status: 'already-chosen',
        clarification: { ...clarification('c1'), chosenOptionId: '2' },
      });
      const other = await clarifications.choose('c1', 'all', at(62));
      expect(other.status).toBe('already-chosen');
      expect(await clarifications.get('c1')).toMatchObject({ chosenOptionId: '2' });
    });

    it('lets exactly one of many concurrent choices win', async () => {
      await clarifications.save(clarification('c-race'));

      const outcomes = await Promise.all(
        ['1', '2', 'all', '1', '2', 'all'].map((option) =>
          clarifications.choose('c-race', option, at(10)),
        ),
      );

      const winners = outcomes.filter((outcome) => outcome.status === 'chosen');
      expect(winners).toHaveLength(1);
      const winner = winners[0];
      if (winner?.status !== 'chosen') throw new Error('no winner');
      const chosenOptionId = winner.clarification.chosenOptionId;
      for (const outcome of outcomes.filter((o) => o !== winner)) {
        expect(outcome.status).toBe('already-chosen');
        if (outcome.status === 'already-chosen') {
          expect(outcome.clarification.chosenOptionId).toBe(chosenOptionId);
        }
      }
      expect((await clarifications.get('c-race'))?.chosenOptionId).toBe(chosenOptionId);
    });

    it('reports an expired clarification and never chooses it', async () => {
      await clarifications.save(clarification('c-old', { expiresAt: at(300) }));

      expect(await clarifications.choose('c-old', '1', at(300))).toEqual({ status: 'expired' });
      expect(await clarifications.choose('c-old', '1', at(301))).toEqual({ status: 'expired' });
      expect((await clarifications.get('c-old'))?.chosenOptionId).toBeNull();
      // Just before expiry it is still open.
      await clarifications.save(clarification('c-fresh', { expiresAt: at(300) }));
      expect((await clarifications.choose('c-fresh', '1', at(299))).status).toBe('chosen');
    });

    it('records "none of these" as a choice: the options cannot be chosen after it', async () => {
      await clarifications.save(clarification('c-none'));

      expect((await clarifications.choose('c-none', 'none', at(5))).status).toBe('chosen');
      const again = await clarifications.choose('c-none', '1', at(6));
      expect(again.status).toBe('already-chosen');
      expect((await clarifications.get('c-none'))?.chosenOptionId).toBe('none');
    });

    it('reports an unknown clarification as not-found', async () => {
      expect(await clarifications.choose('nope', '1', at(1))).toEqual({ status: 'not-found' });
      expect(await clarifications.choose('nope', 'all', at(1))).toEqual({ status: 'not-found' });
    });

    it('rejects an option the clarification does not offer with invalid_input', async () => {
      await clarifications.save(clarification('c-opt'));

      for (const option of ['3', '0', '01', '-1', 'None', '', '1.0', ' 1']) {
        await expect(clarifications.choose('c-opt', option, at(5))).rejects.toSatisfy(
          (error: unknown) => isClarifyError(error, 'invalid_input'),
        );
      }
      expect((await clarifications.get('c-opt'))?.chosenOptionId).toBeNull();

      await clarifications.choose('c-opt', '1', at(6));
      await expect(clarifications.choose('c-opt', '3', at(7))).rejects.toSatisfy((error: unknown) =>
        isClarifyError(error, 'invalid_input'),
      );
    });
  });
});
