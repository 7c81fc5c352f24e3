import { describe, expect, it } from 'vitest';
import { collapseWhitespace, safeCutIndex, truncateText } from './truncate-text';

describe('truncateText', () => {
  it('returns short text unchanged', () => {
    expect(truncateText('hello', 5)).toBe('hello');
  });

  it('ends shortened text with … within the limit', () => {
    expect(truncateText('hello world', 8)).toBe('hello w…');
    expect(truncateText('hello world', 7)).toBe('hello…');
  });

  it('never cuts an entity, a <…> token or a surrogate pair in half', () => {
    expect(truncateText('ab &amp; cd', 6)).toBe('ab…');
    expect(truncateText('ab <https://x.example|x> cd', 10)).toBe('ab…');
    expect(truncateText('😀😀😀', 4)).toBe('😀…');
    expect(truncateText('ab @\u2060here', 5)).toBe('ab…');
  });
});

describe('safeCutIndex', () => {
  it('moves a cut inside a protected run to its start', () => {
    expect(safeCutIndex('a&lt;b', 3)).toBe(1);
    expect(safeCutIndex('a&lt;b', 5)).toBe(5);
    expect(safeCutIndex('<https://x.example|x> b', 5)).toBe(0);
    expect(safeCutIndex('abc', 10)).toBe(3);
  });
});

describe('collapseWhitespace', () => {
  it('makes one trimmed line', () => {
    expect(collapseWhitespace('  a\n\n b\t c ')).toBe('a b c');
  });
});
