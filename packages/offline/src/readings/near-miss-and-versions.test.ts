import type { WordFrequencies } from '@clarify/core';
import { passageFixture } from '@clarify/testing';
import { describe, expect, it } from 'vitest';
import { createOfflineInterpretationExtractor } from './create-offline-interpretation-extractor';

const leave = passageFixture(
  'leave',
  'Annual Leave',
  '| Country | Annual leave days per year |\n|---|---|\n| Ireland | 23 days |\n| United States | 15 days |',
);

/** Word counts of a knowledge base that knows annual leave and nothing of sick leave. */
function knowledgeBase(counts: Record<string, number>): WordFrequencies {
  return {
    count: (words) =>
      Promise.resolve({ passages: 200, holding: words.map((word) => counts[word] ?? 0) }),
  };
}

describe('a question about something the knowledge base lacks (a near miss)', () => {
  const corpus = knowledgeBase({ days: 40, annual: 12, leave: 15, per: 30, year: 60 });
  const extractor = createOfflineInterpretationExtractor({ corpus });

  it('is not answered from a passage that shares its other words', async () => {
    const result = await extractor.extract({
      question: 'How many sick days do I get per year?',
      passages: [leave],
    });
    expect(result.candidates).toEqual([]);
  });

  it('is still answered when it is what the pages cover', async () => {
    const result = await extractor.extract({
      question: 'How many days of annual leave do I get per year?',
      passages: [leave],
    });
    expect(result.candidates.map((candidate) => candidate.answer)).toEqual([
      'Ireland — Annual leave days per year: 23 days.',
      'United States — Annual leave days per year: 15 days.',
    ]);
  });

  it('reads an unknown word that is a verb or part of a compound the pages have as known', async () => {
    const gumtrees = passageFixture(
      'song',
      'Give Me a Home Among the Gumtrees',
      'The song was written by Wally Johnson and Bob Brown.',
    );
    const result = await createOfflineInterpretationExtractor({
      corpus: knowledgeBase({ home: 3, trees: 5, written: 30, song: 20, give: 10 }),
    }).extract({ question: 'Who wrote give me a home among the gum trees?', passages: [gumtrees] });
    expect(result.candidates).toHaveLength(1);
  });
});

describe('a question naming a version', () => {
  const v1 = passageFixture(
    'v1',
    'Partner API v1 Reference (Deprecated)',
    'Rate limit: 300 requests per minute. New integrations must use v2.',
  );
  const v2 = passageFixture(
    'v2',
    'Partner API v2 Reference',
    'Rate limit: 20 requests per second per client.',
  );

  it('is answered by the pages about that version only', async () => {
    const result = await createOfflineInterpretationExtractor().extract({
      question: 'What is the rate limit for the Partner API v2?',
      passages: [v1, v2],
    });
    expect(result.candidates.map((candidate) => candidate.passage.documentId)).toEqual(['v2.md']);
  });

  it('leaves every version open when it names none', async () => {
    const result = await createOfflineInterpretationExtractor().extract({
      question: 'What is the rate limit for the Partner API?',
      passages: [v1, v2],
    });
    expect(result.candidates.map((candidate) => candidate.passage.documentId).sort()).toEqual([
      'v1.md',
      'v2.md',
    ]);
  });
});
