import { describe, expect, it } from 'vitest';
import type { Feedback, FeedbackStore } from '@clarify/core';
import { at } from './contract-clock';

function vote(seconds: number, overrides: Partial<Feedback> = {}): Feedback {
  return {
    platform: 'slack',
    workspaceId: 'T1',
    channelId: 'C1',
    messageId: '1700000000.000200',
    answerId: 'a-1',
    userId: 'U1',
    rating: 'up',
    createdAt: at(seconds),
    ...overrides,
  };
}

/** What every FeedbackStore does, whatever stores the votes. */
export function feedbackStoreContract(make: () => FeedbackStore): void {
  describe('FeedbackStore contract', () => {
    it('lists votes newest first, every field intact', async () => {
      const store = make();
      const first = vote(1);
      const second = vote(2, { userId: 'U2', rating: 'down' });
      await store.record(first);
      await store.record(second);

      const votes = await store.list();

      expect(votes).toEqual([second, first]);
      expect(votes[0]?.createdAt).toBeInstanceOf(Date);
    });

    it('keeps one vote per user and message: a double click changes nothing', async () => {
      const store = make();
      await store.record(vote(1));
      await store.record(vote(2));
      await store.record(vote(3));

      expect(await store.list()).toEqual([vote(1)]);
    });

    it('replaces a vote whose rating or answer changes', async () => {
      const store = make();
      await store.record(vote(1));
      await store.record(vote(5, { rating: 'down' }));
      expect(await store.list()).toEqual([vote(5, { rating: 'down' })]);

      await store.record(vote(9, { rating: 'down', answerId: 'a-2' }));
      expect(await store.list()).toEqual([vote(9, { rating: 'down', answerId: 'a-2' })]);
    });

    it('keeps one vote when a user clicks many times at once', async () => {
      const store = make();
      await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          store.record(vote(index, { rating: index % 2 ? 'down' : 'up' })),
        ),
      );

      expect(await store.list()).toHaveLength(1);
    });

    it('keeps votes of other users, messages, channels, workspaces and platforms apart', async () => {
      const store = make();
      const others: Array<Partial<Feedback>> = [
        { userId: 'U2' },
        { messageId: '1700000000.000300' },
        { channelId: 'C2' },
        { workspaceId: 'T2' },
        { platform: 'teams' },
      ];
      await store.record(vote(0));
      for (const [index, other] of others.entries()) {
        await store.record(vote(index + 1, { ...other, rating: 'down' }));
      }

      const votes = await store.list();

      expect(votes).toHaveLength(6);
      expect(votes.at(-1)).toEqual(vote(0));
    });

    it('limits the list (default 100), ties putting the vote recorded last first', async () => {
      const store = make();
      for (let index = 0; index < 101; index++) {
        await store.record(vote(index % 2, { userId: `U${index}` }));
      }

      expect(await store.list()).toHaveLength(100);
      expect((await store.list({ limit: 3 })).map((v) => v.userId)).toEqual(['U99', 'U97', 'U95']);
      expect(await store.list({ limit: 0 })).toEqual([]);
    });
  });
}
