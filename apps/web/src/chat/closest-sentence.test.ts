import { describe, expect, it } from 'vitest';
import { closestSentence, sentencesOf } from './closest-sentence';

describe('closestSentence', () => {
  const text =
    'Full-time US employees receive 20 days of PTO per calendar year. From your fifth anniversary the entitlement is 25 days.\n| Country | Days |\n| Ireland | 23 |';

  it('splits sentences and table lines', () => {
    expect(sentencesOf(text)).toEqual([
      'Full-time US employees receive 20 days of PTO per calendar year.',
      'From your fifth anniversary the entitlement is 25 days.',
      '| Country | Days |',
      '| Ireland | 23 |',
    ]);
  });

  it('finds the sentence a preview or answer sentence rests on', () => {
    const sentences = sentencesOf(text);
    expect(closestSentence(sentences, 'US employees receive 20 days of PTO')).toBe(0);
    expect(closestSentence(sentences, 'after the fifth anniversary: 25 days')).toBe(1);
    expect(closestSentence(sentences, 'Ireland: 23 days')).toBe(3);
  });

  it('marks nothing when no sentence shares a word', () => {
    expect(closestSentence(sentencesOf(text), 'quokka')).toBe(-1);
  });
});
