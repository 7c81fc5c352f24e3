import { afterAll, describe, expect, it } from 'vitest';
import { createOfflineInterpretationExtractor } from '@clarify/offline';
import { passageFixture } from '@clarify/testing';
import { createReadingsPool } from './create-readings-pool';

const passages = [
  passageFixture(
    'hr/leave',
    'Annual leave',
    '| Country | Annual leave per year |\n| --- | --- |\n| Ireland | 23 days |\n| Netherlands | 26 days |',
    { updatedAt: new Date('2025-10-01T00:00:00Z') },
  ),
  passageFixture(
    'it/vpn',
    'VPN password',
    'Reset your VPN password at https://netpass.example.com.',
  ),
  passageFixture('it/okta', 'Okta password', 'Use "Forgot password" on the Okta sign-in page.'),
];

const pool = createReadingsPool({ threads: 2 });
afterAll(() => pool.close());

describe('createReadingsPool', () => {
  it('says when a thread has loaded the engine', async () => {
    await expect(pool.ready()).resolves.toBeUndefined();
  });

  it('reads the same readings in a worker thread as in this one, dates and all', async () => {
    const here = createOfflineInterpretationExtractor();
    const there = createOfflineInterpretationExtractor({ read: pool.read });
    for (const question of [
      'How many days of annual leave do I get?',
      'How do I reset my password?',
      'Who founded the company?',
    ]) {
      const expected = await here.extract({ question, passages });
      const pooled = await there.extract({ question, passages });
      expect(pooled).toEqual(expected);
    }
    const leave = await there.extract({
      question: 'How many days of annual leave do I get?',
      passages,
    });
    expect(leave.candidates.length).toBeGreaterThanOrEqual(2);
    expect(leave.candidates[0]?.passage.updatedAt).toBeInstanceOf(Date);
  });

  it('answers many questions at once on a bounded number of threads', async () => {
    const there = createOfflineInterpretationExtractor({ read: pool.read });
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        there.extract({ question: 'How do I reset my password?', passages }),
      ),
    );
    expect(new Set(results.map((result) => JSON.stringify(result))).size).toBe(1);
    expect(pool.threads).toBe(2);
  });
});
