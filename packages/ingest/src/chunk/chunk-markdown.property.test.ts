import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkMarkdown, type ChunkOptions } from './chunk-markdown';

type Generated = { markdown: string; content: string };

const contentWord = fc.stringMatching(/^[a-z]{1,10}$/);
const headingText = fc
  .array(fc.stringMatching(/^[A-Z]{2,6}$/), { minLength: 1, maxLength: 4 })
  .map((words) => words.join(' '));
const sentence = fc
  .array(contentWord, { minLength: 1, maxLength: 18 })
  .map((words) => `${words.join(' ').replace(/^./, (letter) => letter.toUpperCase())}.`);

const paragraph = fc
  .array(fc.tuple(sentence, fc.constantFrom(' ', ' ', '\n')), { minLength: 1, maxLength: 14 })
  .map((parts) =>
    parts
      .map(([text, separator]) => text + separator)
      .join('')
      .trim(),
  );

const atxHeading = fc
  .tuple(fc.integer({ min: 1, max: 6 }), headingText)
  .map(([level, text]): Generated => ({ markdown: `${'#'.repeat(level)} ${text}`, content: '' }));
const setextHeading = fc
  .tuple(headingText, fc.constantFrom('===', '---'))
  .map(([text, underline]): Generated => ({ markdown: `${text}\n${underline}`, content: '' }));
const prose = paragraph.map((text): Generated => ({ markdown: text, content: text }));
const list = fc.array(sentence, { minLength: 1, maxLength: 8 }).map((items): Generated => {
  const markdown = items.map((item) => `- ${item}`).join('\n');
  return { markdown, content: markdown };
});
const table = fc
  .array(fc.tuple(contentWord, sentence), { minLength: 1, maxLength: 25 })
  .map((rows): Generated => {
    const body = rows.map(([name, text]) => `| ${name} | ${text} |`).join('\n');
    return { markdown: `| KEY | VALUE |\n| --- | --- |\n${body}`, content: body };
  });
const codeLine = fc.oneof(
  fc.array(contentWord, { minLength: 1, maxLength: 6 }).map((words) => words.join(' ')),
  headingText.map((text) => `# ${text.toLowerCase()}`),
  fc.constant(''),
);
const codeBlock = fc
  .tuple(
    fc.constantFrom('```', '~~~', '````'),
    fc.constantFrom('', 'ts', 'bash title="run"'),
    fc.array(codeLine, { maxLength: 60 }),
  )
  .map(([marker, info, lines]): Generated => ({
    markdown: [`${marker}${info}`, ...lines, marker].join('\n'),
    content: lines.join('\n'),
  }));

const documentBlocks = fc.array(
  fc.oneof(atxHeading, setextHeading, prose, prose, list, table, codeBlock),
  {
    minLength: 1,
    maxLength: 25,
  },
);
const options = fc
  .record({
    targetChars: fc.integer({ min: 100, max: 800 }),
    overlapFactor: fc.double({ min: 0, max: 0.4, noNaN: true }),
    maxFactor: fc.option(fc.double({ min: 1, max: 3, noNaN: true }), { nil: undefined }),
    title: fc.option(fc.constant('Title'), { nil: undefined }),
  })
  .map(({ targetChars, overlapFactor, maxFactor, title }): ChunkOptions => ({
    targetChars,
    overlapChars: Math.floor(targetChars * overlapFactor),
    maxChars: maxFactor === undefined ? undefined : Math.ceil(targetChars * maxFactor),
    title,
  }));

const fenceOpening = /^\s*(`{3,}|~{3,})(.*)$/;
const fenceClosing = /^\s*(`{3,}|~{3,})\s*$/;

function fencesBalanced(text: string): boolean {
  let open: string | null = null;
  for (const line of text.split('\n')) {
    if (open === null) {
      const match = fenceOpening.exec(line);
      const marker = match?.[1];
      if (marker && !(marker.startsWith('`') && match[2]?.includes('`'))) open = marker;
    } else {
      const marker = fenceClosing.exec(line)?.[1];
      if (marker && marker[0] === open[0] && marker.length >= open.length) open = null;
    }
  }
  return open === null;
}

/** Words of content (lower-case letters), leaving out fence lines and upper-case heading words. */
function contentWords(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => !fenceOpening.test(line))
    .flatMap((line) => line.split(/\s+/))
    .filter((word) => /[a-z]/.test(word));
}

function isSubsequence(needle: readonly string[], haystack: readonly string[]): boolean {
  let index = 0;
  for (const word of haystack) if (word === needle[index]) index += 1;
  return index === needle.length;
}

describe('chunkMarkdown properties', () => {
  it('keeps size, fence and ordering invariants and covers every word in order', () => {
    fc.assert(
      fc.property(documentBlocks, options, (blocks, chunkOptions) => {
        const markdown = blocks.map((block) => block.markdown).join('\n\n');
        const chunks = chunkMarkdown(markdown, chunkOptions);
        const maxChars = chunkOptions.maxChars ?? chunkOptions.targetChars * 2;
        expect(chunks.map((chunk) => chunk.ordinal)).toEqual(chunks.map((_, index) => index));
        for (const chunk of chunks) {
          expect(chunk.text.length).toBeLessThanOrEqual(maxChars);
          expect(chunk.text.trim()).not.toBe('');
          expect(chunk.text).toBe(chunk.text.trim());
          expect(fencesBalanced(chunk.text)).toBe(true);
          expect(chunk.headingPath.every((heading) => heading.trim() !== '')).toBe(true);
        }
        const expected = contentWords(blocks.map((block) => block.content).join('\n'));
        const actual = contentWords(chunks.map((chunk) => chunk.text).join('\n'));
        if (chunkOptions.overlapChars === 0) expect(actual).toEqual(expected);
        else expect(isSubsequence(expected, actual)).toBe(true);
        expect(chunkMarkdown(markdown, chunkOptions)).toEqual(chunks);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps size and fence invariants on arbitrary Markdown-like text', () => {
    const unit = fc.constantFrom(
      'a',
      'b',
      'C',
      ' ',
      ' ',
      '\n',
      '\n',
      '#',
      '`',
      '~',
      '-',
      '=',
      '|',
      '.',
      ':',
      '*',
      '1',
      '>',
      '😀',
    );
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 4000 }), options, (markdown, chunkOptions) => {
        const chunks = chunkMarkdown(markdown, chunkOptions);
        const maxChars = chunkOptions.maxChars ?? chunkOptions.targetChars * 2;
        expect(chunks.map((chunk) => chunk.ordinal)).toEqual(chunks.map((_, index) => index));
        for (const chunk of chunks) {
          expect(chunk.text.length).toBeLessThanOrEqual(maxChars);
          expect(chunk.text.trim()).not.toBe('');
          expect(fencesBalanced(chunk.text)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
