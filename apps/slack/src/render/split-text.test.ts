import { describe, expect, it } from 'vitest';
import { splitText } from './split-text';

describe('splitText', () => {
  it.each([
    ['keeps short text whole, trimmed', '  Leave is 20 days.  ', 100, ['Leave is 20 days.']],
    ['drops blank text', ' \n\n ', 100, []],
    [
      'cuts at the last paragraph break that fits',
      'First paragraph here.\n\nSecond one.\n\nThird paragraph.',
      40,
      ['First paragraph here.\n\nSecond one.', 'Third paragraph.'],
    ],
    [
      'prefers a paragraph break to a later line break',
      'Alpha beta gamma.\n\nDelta\nepsilon zeta eta theta',
      30,
      ['Alpha beta gamma.', 'Delta\nepsilon zeta eta theta'],
    ],
    [
      'falls back to a line break',
      'line number one\nline number two',
      20,
      ['line number one', 'line number two'],
    ],
    [
      'falls back to a sentence end',
      'One sentence here. Two sentence here. Three',
      30,
      ['One sentence here.', 'Two sentence here. Three'],
    ],
    [
      'falls back to a space',
      'words without any sentence end at all',
      20,
      ['words without any', 'sentence end at all'],
    ],
  ])('%s', (_, text, limit, chunks) => {
    expect(splitText(text, limit)).toEqual(chunks);
  });

  it('never cuts an entity or a link token', () => {
    expect(splitText(`${'a'.repeat(14)}&amp;${'b'.repeat(10)}`, 16)).toEqual([
      'a'.repeat(14),
      `&amp;${'b'.repeat(10)}`,
    ]);
    expect(splitText('aaaa bbbb <https://e.example/p|click here> cccc', 40)).toEqual([
      'aaaa bbbb',
      '<https://e.example/p|click here> cccc',
    ]);
  });

  it('hard-cuts a long word between characters, not inside an emoji', () => {
    expect(splitText('😀'.repeat(20), 17)).toEqual([
      '😀'.repeat(8),
      '😀'.repeat(8),
      '😀'.repeat(4),
    ]);
  });

  it('shows a link token longer than the limit as text instead of cutting it', () => {
    const chunks = splitText(`<https://e.example/${'x'.repeat(40)}|t>`, 20);
    expect(chunks.join('')).toBe(`&lt;https://e.example/${'x'.repeat(40)}|t&gt;`);
    expect(chunks.every((chunk) => chunk.length <= 20 && !chunk.includes('<'))).toBe(true);
  });

  it('refuses a limit too small for an entity', () => {
    expect(() => splitText('text', 8)).toThrow(RangeError);
  });
});
