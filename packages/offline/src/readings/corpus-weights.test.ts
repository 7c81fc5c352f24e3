import { describe, expect, it } from 'vitest';
import type { WordFrequencies } from '@clarify/core';
import { passageFixture } from '@clarify/testing';
import { createOfflineInterpretationExtractor } from './create-offline-interpretation-extractor';
import { questionCoverage } from './question-coverage';

const passage = (id: string, title: string, text: string, rank: number) =>
  passageFixture(id, title, text, {
    chunkId: `${id}#${rank}`,
    documentId: id,
    score: 1 / (60 + rank),
    denseRank: rank,
    lexicalRank: rank,
  });

const question = 'What produces the second heart sound?';
// Retrieved for their words, three passages share "heart" and "sound"; only the song ("Second
// Sound") and the valves have "second", only the song has "produced": rare among these four,
// common in the knowledge base.
const song = passage('song', 'Second Sound', 'The second single was produced by Chic.', 1);
const murmur = passage('murmur', 'Heart Murmur', 'A murmur is an extra heart sound.', 2);
const rate = passage('rate', 'Heart Rate', 'A fast heart rate changes how each sound is heard.', 3);
const valves = passage(
  'valves',
  'Heart Sounds',
  'The second heart sound comes when the aortic valve closes.',
  4,
);
const retrieved = [song, murmur, rate, valves];

const COUNTS: Record<string, number> = { second: 4_000, heart: 12, sound: 90, produced: 3_000 };
const frequencies: WordFrequencies = {
  count: (words) =>
    Promise.resolve({ passages: 10_000, holding: words.map((word) => COUNTS[word] ?? null) }),
};

describe('weighing question words across the knowledge base', () => {
  it('counts a word the whole knowledge base has often for little, however rare among the retrieved', () => {
    const holding = new Map(Object.entries(COUNTS));
    const local = questionCoverage(question, retrieved);
    const corpus = questionCoverage(question, retrieved, { corpus: { passages: 10_000, holding } });
    // Among the four, "second" and "produced" look rarer than "heart" and "sound".
    expect(local.ofPassage(song)).toBeGreaterThan(local.ofPassage(murmur));
    expect(corpus.ofPassage(song)).toBeLessThan(0.5);
    expect(corpus.ofPassage(murmur)).toBeGreaterThan(0.8);
    expect(corpus.ofPassage(valves)).toBeGreaterThan(corpus.ofPassage(murmur));
    // A word the index does not count (a stop word to it) weighs as little as words get.
    const unknown = questionCoverage(question, retrieved, {
      corpus: { passages: 10_000, holding: new Map() },
    });
    expect(unknown.hasTerms).toBe(true);
  });

  it('does not take the song for a reading with the knowledge base counts', async () => {
    const input = { question, passages: retrieved };
    const documents = async (extractor: ReturnType<typeof createOfflineInterpretationExtractor>) =>
      (await extractor.extract(input)).candidates.map(({ passage }) => passage.documentId);
    expect(await documents(createOfflineInterpretationExtractor())).toContain('song');
    const weighed = await documents(createOfflineInterpretationExtractor({ corpus: frequencies }));
    expect(weighed).not.toContain('song');
    expect(weighed).toContain('valves');
  });

  it('falls back to the retrieved passages when counting fails, and still answers', async () => {
    const broken: WordFrequencies = { count: () => Promise.reject(new Error('connection reset')) };
    const extractor = createOfflineInterpretationExtractor({ corpus: broken });
    const local = createOfflineInterpretationExtractor();
    const input = { question, passages: retrieved };
    const [fallback, plain] = await Promise.all([extractor.extract(input), local.extract(input)]);
    expect(fallback.candidates.length).toBeGreaterThan(0);
    expect(fallback.candidates).toEqual(plain.candidates);
  });

  it('stops when the question is cancelled while counting', async () => {
    const controller = new AbortController();
    const slow: WordFrequencies = {
      count: (_words, options) =>
        new Promise((_resolve, reject) =>
          options?.signal?.addEventListener('abort', () => reject(new Error('counting stopped'))),
        ),
    };
    const pending = createOfflineInterpretationExtractor({ corpus: slow }).extract({
      question,
      passages: retrieved,
      signal: controller.signal,
    });
    controller.abort(new Error('cancelled'));
    await expect(pending).rejects.toThrow('cancelled');
  });
});
