import { describe, expect, it } from 'vitest';
import { colemanLiauIndex, countSentences, messageWords, tokenizeMessage } from './gate-text';

describe('colemanLiauIndex', () => {
  it('matches a hand count: 35 letters, 9 words, 1 sentence', () => {
    // 5.89 · 35/9 − 30 · 1/9 − 15.8 = 22.9056 − 3.3333 − 15.8
    expect(colemanLiauIndex('The quick brown fox jumps over the lazy dog.')).toBeCloseTo(3.7722, 4);
  });

  it('counts every sentence: 21 letters, 6 words, 2 sentences', () => {
    // 5.89 · 21/6 − 30 · 2/6 − 15.8 = 20.615 − 10 − 15.8
    expect(colemanLiauIndex('I like tea. You like coffee!')).toBeCloseTo(-5.185, 4);
  });

  it('scores a text without words 0', () => {
    expect(colemanLiauIndex(' ?! ')).toBe(0);
  });
});

describe('countSentences', () => {
  it('ignores dots inside tokens and counts a trailing unpunctuated sentence', () => {
    expect(countSentences('v3.2 is out. Upgrade?')).toBe(2);
    expect(countSentences('Thanks. what about Boston')).toBe(2);
    expect(countSentences('no punctuation at all')).toBe(1);
  });
});

describe('tokenizeMessage', () => {
  it('trims punctuation and marks sentence starts', () => {
    const tokens = tokenizeMessage('Thanks! "Rotterdam", right?');
    expect(tokens.map((token) => token.word)).toEqual(['Thanks', 'Rotterdam', 'right']);
    expect(tokens.map((token) => token.sentenceStart)).toEqual([true, true, false]);
    expect(messageWords('And for Boston?')).toEqual(['and', 'for', 'boston']);
  });
});
