import { describe, expect, it } from 'vitest';
import { splitText, trailingSentences } from './split-text';

describe('splitText', () => {
  it('returns short text whole', () => {
    expect(splitText('  One sentence.  ', 100)).toEqual(['One sentence.']);
  });

  it('splits at sentence boundaries before anything else', () => {
    const text = 'Alpha beta gamma. Delta epsilon zeta. Eta theta iota.';
    expect(splitText(text, 40)).toEqual([
      'Alpha beta gamma. Delta epsilon zeta.',
      'Eta theta iota.',
    ]);
  });

  it('does not treat an abbreviation followed by lower case as a sentence end', () => {
    const pieces = splitText('Use a token, e.g. the blue one from the box. Then log in again.', 50);
    expect(pieces).toEqual(['Use a token, e.g. the blue one from the box.', 'Then log in again.']);
  });

  it('falls back to words, then characters, inside an over-long sentence', () => {
    const pieces = splitText(`short words here ${'x'.repeat(25)} end`, 12);
    expect(pieces.every((piece) => piece.length <= 12)).toBe(true);
    expect(pieces.join('').replace(/\s/g, '')).toBe(`shortwordshere${'x'.repeat(25)}end`);
  });

  it('keeps a piece that begins with a mid-line fence marker from opening a code block', () => {
    const pieces = splitText('aaaa bbbb ```cccc dddd', 12);
    expect(pieces.some((piece) => piece.startsWith('\\```'))).toBe(true);
  });
});

describe('trailingSentences', () => {
  it('takes whole trailing sentences that fit', () => {
    expect(trailingSentences('First one here. Second one. Third.', 20)).toBe('Second one. Third.');
  });

  it('returns nothing when the last sentence alone is too long', () => {
    expect(trailingSentences('Short. This last sentence is rather long.', 10)).toBe('');
  });
});
