import { describe, expect, it } from 'vitest';
import { isClarifyError } from '@clarify/core';
import type { PendingClarification, StoredTurn, ThreadKey } from '@clarify/core';
import { createMemoryClarificationStore, createMemoryConversationStore } from './memory-stores';

const thread: ThreadKey = { platform: 'slack', workspaceId: 'T1', channelId: 'C1', threadId: '1' };
const start = Date.parse('2025-03-01T09:00:00.000Z');
const at = (seconds: number) => new Date(start + seconds * 1000);

const aTurn: StoredTurn = {
  thread,
  role: 'user',
  userId: 'U1',
  text: '',
  rewrittenText: null,
  citations: [],
  createdAt: at(0),
};

function turn(seconds: number, text: string, other: Partial<ThreadKey> = {}): StoredTurn {
  return { ...aTurn, thread: { ...thread, ...other }, text, createdAt: at(seconds) };
}

function pending(id: string, expiresAt = at(3600)): PendingClarification {
  const reading = (name: string) => ({
    interpretation: `How do I reset my ${name} password?`,
    answer: `Use the ${name} page.`,
    evidence: `Use the ${name} page.`,
    passages: [],
    support: 1,
  });
  return {
    id,
    thread,
    userId: 'U1',
    question: 'how do I reset my password?',
    interpretedAs: null,
    interpretations: [reading('VPN'), reading('Okta')],
    createdAt: at(0),
    expiresAt,
    chosenOptionId: null,
  };
}

describe('createMemoryConversationStore', () => {
  it('returns the last turns of exactly that thread, by createdAt, oldest first', async () => {
    const store = createMemoryConversationStore();
    await store.append(turn(3, 'third'));
    await store.append(turn(1, 'first'));
    await store.append(turn(2, 'other channel', { channelId: 'C2' }));
    await store.append(turn(3, 'third, tied'));
    await store.append(turn(2, 'second'));

    expect((await store.recent(thread, 10)).map((t) => t.text)).toEqual([
      'first',
      'second',
      'third',
      'third, tied',
    ]);
    expect((await store.recent(thread, 2)).map((t) => t.text)).toEqual(['third', 'third, tied']);
    expect(await store.recent(thread, 0)).toEqual([]);
  });

  it('keeps its own copies', async () => {
    const store = createMemoryConversationStore();
    const original = turn(1, 'hello');
    await store.append(original);
    original.text = 'changed by the caller';
    const [read] = await store.recent(thread, 1);
    if (read) read.text = 'changed by a reader';
    expect((await store.recent(thread, 1))[0]?.text).toBe('hello');
  });
});

describe('createMemoryClarificationStore', () => {
  it('round-trips, and reports an unknown id as null or not-found', async () => {
    const store = createMemoryClarificationStore();
    await store.save(pending('c1'));
    expect(await store.get('c1')).toEqual(pending('c1'));
    expect(await store.get('missing')).toBeNull();
    expect(await store.choose('missing', '1', at(1))).toEqual({ status: 'not-found' });
  });

  it('records the first choice only, even among concurrent clicks', async () => {
    const store = createMemoryClarificationStore();
    await store.save(pending('c1'));
    const outcomes = await Promise.all(
      ['2', '1', 'all'].map((option) => store.choose('c1', option, at(10))),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'chosen',
      'already-chosen',
      'already-chosen',
    ]);
    for (const outcome of outcomes) {
      if (outcome.status === 'chosen' || outcome.status === 'already-chosen') {
        expect(outcome.clarification.chosenOptionId).toBe('2');
      }
    }
    // Chosen before expiry: still reported as chosen afterwards, not expired.
    expect((await store.choose('c1', '1', at(7200))).status).toBe('already-chosen');
  });

  it('expires at expiresAt and never chooses an expired clarification', async () => {
    const store = createMemoryClarificationStore();
    await store.save(pending('old', at(300)));
    await store.save(pending('fresh', at(300)));
    expect(await store.choose('old', '1', at(300))).toEqual({ status: 'expired' });
    expect((await store.get('old'))?.chosenOptionId).toBeNull();
    expect((await store.choose('fresh', 'all', at(299))).status).toBe('chosen');
  });

  it('rejects options it does not offer and a second save of one id', async () => {
    const store = createMemoryClarificationStore();
    await store.save(pending('c1'));
    for (const option of ['3', '0', '01', 'None', '', ' 1']) {
      await expect(store.choose('c1', option, at(5))).rejects.toSatisfy((error: unknown) =>
        isClarifyError(error, 'invalid_input'),
      );
    }
    expect((await store.get('c1'))?.chosenOptionId).toBeNull();
    await expect(store.save(pending('c1'))).rejects.toSatisfy((error: unknown) =>
      isClarifyError(error, 'invalid_input'),
    );
  });
});
