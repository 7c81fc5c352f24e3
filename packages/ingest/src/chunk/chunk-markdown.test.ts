import { isClarifyError } from '@clarify/core';
import { describe, expect, it } from 'vitest';
import { chunkMarkdown, DEFAULT_CHUNK_OPTIONS, type ChunkOptions } from './chunk-markdown';

const noOverlap: ChunkOptions = { targetChars: 200, overlapChars: 0 };

function sentences(prefix: string, count: number): string {
  return Array.from(
    { length: count },
    (_, index) => `${prefix} sentence number ${index + 1} is here.`,
  ).join(' ');
}

describe('chunkMarkdown heading paths', () => {
  it('builds paths from the H1 down, including setext headings', () => {
    const markdown = [
      '# IT Handbook',
      sentences('Intro', 3),
      'VPN\n---',
      sentences('Vpn', 3),
      '### Reset',
      sentences('Reset', 3),
    ].join('\n\n');
    const chunks = chunkMarkdown(markdown, noOverlap);
    expect(chunks.map((chunk) => chunk.headingPath)).toEqual([
      ['IT Handbook'],
      ['IT Handbook', 'VPN'],
      ['IT Handbook', 'VPN', 'Reset'],
    ]);
    expect(chunks.map((chunk) => chunk.ordinal)).toEqual([0, 1, 2]);
    expect(chunks[2]?.text).toBe(sentences('Reset', 3));
  });

  it('ignores heading-like lines inside fenced code', () => {
    const markdown = `## Setup\n\n${sentences('Setup', 2)}\n\n\`\`\`bash\n# install\n## not a heading\n\`\`\``;
    const chunks = chunkMarkdown(markdown, noOverlap);
    expect(chunks.map((chunk) => chunk.headingPath)).toEqual([['Setup']]);
    expect(chunks[0]?.text).toContain('## not a heading');
  });

  it('puts the title first when the document has no H1, and not otherwise', () => {
    const body = `## VPN\n\n${sentences('Vpn', 3)}`;
    expect(chunkMarkdown(body, { ...noOverlap, title: 'Handbook' })[0]?.headingPath).toEqual([
      'Handbook',
      'VPN',
    ]);
    expect(
      chunkMarkdown(`# Real\n\n${body}`, { ...noOverlap, title: 'Handbook' }).at(-1)?.headingPath,
    ).toEqual(['Real', 'VPN']);
  });

  it('gives content before any heading the title path', () => {
    expect(
      chunkMarkdown(sentences('Loose', 3), { ...noOverlap, title: 'Notes' })[0]?.headingPath,
    ).toEqual(['Notes']);
    expect(chunkMarkdown(sentences('Loose', 3), noOverlap)[0]?.headingPath).toEqual([]);
  });
});

describe('chunkMarkdown blocks', () => {
  it('never splits a code block that fits in maxChars, even above the target', () => {
    const code = [
      '```ts',
      ...Array.from({ length: 12 }, (_, index) => `const value${index} = ${index};`),
      '```',
    ].join('\n');
    expect(code.length).toBeGreaterThan(200);
    const chunks = chunkMarkdown(
      `## Code\n\n${sentences('Before', 3)}\n\n${code}\n\n${sentences('After', 3)}`,
      noOverlap,
    );
    expect(
      chunks.filter((chunk) => chunk.text.includes('const value0')).map((chunk) => chunk.text),
    ).toEqual([code]);
  });

  it('splits an oversized code block by lines, re-opening the fence in every piece', () => {
    const lines = Array.from({ length: 40 }, (_, index) => `print("line ${index}")`);
    const chunks = chunkMarkdown(['~~~python', ...lines, '~~~'].join('\n'), noOverlap);
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(400);
      expect(chunk.text.startsWith('~~~python\n')).toBe(true);
      expect(chunk.text.endsWith('\n~~~')).toBe(true);
    }
    const body = chunks.flatMap((chunk) => chunk.text.split('\n').slice(1, -1));
    expect(body).toEqual(lines);
  });

  it('splits a long table between rows and repeats the header row', () => {
    const rows = Array.from(
      { length: 20 },
      (_, index) => `| Laptop model ${index} | ${index + 2} years |`,
    );
    const table = ['| Model | Refresh |', '| --- | --- |', ...rows].join('\n');
    const chunks = chunkMarkdown(table, noOverlap);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks)
      expect(chunk.text.startsWith('| Model | Refresh |\n| --- | --- |\n|')).toBe(true);
    expect(chunks.flatMap((chunk) => chunk.text.split('\n').slice(2))).toEqual(rows);
  });

  it('splits an oversized paragraph at sentence boundaries', () => {
    const chunks = chunkMarkdown(sentences('Long', 12), noOverlap);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks)
      expect(chunk.text).toMatch(/^Long sentence number \d+ is here\.(.*here\.)?$/s);
  });

  it('trims chunks and collapses runs of blank lines', () => {
    const chunks = chunkMarkdown(
      '\n\n\n- one\n\n\n\n  still one\n\n\n\nAfter the list.\n\n\n',
      noOverlap,
    );
    expect(chunks.map((chunk) => chunk.text)).toEqual(['- one\n\n  still one\n\nAfter the list.']);
  });
});

describe('chunkMarkdown overlap', () => {
  const options: ChunkOptions = { targetChars: 200, overlapChars: 60 };

  it('starts the next chunk of a section with trailing sentences of the previous one', () => {
    const chunks = chunkMarkdown(`## One\n\n${sentences('One', 12)}`, options);
    const numbers = chunks.map((chunk) =>
      Array.from(chunk.text.matchAll(/number (\d+)/g), (match) => Number(match[1])),
    );
    expect(chunks.length).toBeGreaterThan(1);
    expect(numbers[0]?.[0]).toBe(1);
    expect(numbers.at(-1)?.at(-1)).toBe(12);
    for (const [index, run] of numbers.entries()) {
      const first = run[0] ?? 0;
      expect(run).toEqual(run.map((_, offset) => first + offset));
      const previousLast = numbers[index - 1]?.at(-1);
      if (previousLast === undefined) continue;
      expect(first).toBeLessThanOrEqual(previousLast);
      const repeated = sentences('One', previousLast)
        .split(/(?<=\.) /)
        .slice(first - 1)
        .join(' ');
      expect(repeated.length).toBeLessThanOrEqual(options.overlapChars);
      expect(
        chunks[index]?.text.startsWith(`${repeated}\n\nOne sentence number ${previousLast + 1} `),
      ).toBe(true);
    }
  });

  it('never carries text across sections', () => {
    const chunks = chunkMarkdown(
      `## One\n\n${sentences('One', 12)}\n\n## Two\n\n${sentences('Two', 12)}`,
      options,
    );
    const firstOfTwo = chunks.find((chunk) => chunk.headingPath.includes('Two'));
    expect(firstOfTwo?.text.startsWith('Two sentence number 1 ')).toBe(true);
    expect(
      chunks
        .filter((chunk) => chunk.headingPath.includes('Two'))
        .some((chunk) => chunk.text.includes('One')),
    ).toBe(false);
  });

  it('takes no overlap out of a code block', () => {
    const code = ['```', ...Array.from({ length: 8 }, (_, index) => `step ${index}.`), '```'].join(
      '\n',
    );
    const chunks = chunkMarkdown(`## Run\n\n${code}\n\n${sentences('After', 6)}`, options);
    const codeIndex = chunks.findIndex((chunk) => chunk.text.includes('step 0.'));
    expect(chunks[codeIndex + 1]?.text.startsWith('After sentence number 1')).toBe(true);
  });
});

describe('chunkMarkdown small sections', () => {
  it('merges small sibling sections under their parent and keeps their headings inline', () => {
    const markdown =
      '# FAQ\n\n## Wi-Fi\n\nAsk IT.\n\n## Printers\n\nUse the second floor.\n\n## Badges\n\n' +
      sentences('Badge', 20);
    const chunks = chunkMarkdown(markdown, { targetChars: 400, overlapChars: 0 });
    expect(chunks[0]).toEqual({
      ordinal: 0,
      headingPath: ['FAQ'],
      text: '## Wi-Fi\n\nAsk IT.\n\n## Printers\n\nUse the second floor.',
    });
    expect(chunks.slice(1).every((chunk) => chunk.headingPath.join('/') === 'FAQ/Badges')).toBe(
      true,
    );
  });

  it('produces no chunk for a heading without content', () => {
    const chunks = chunkMarkdown(
      `# Top\n\n## Empty\n\n## Blank code\n\n\`\`\`\n\n\`\`\`\n\n## Full\n\n${sentences('Full', 4)}`,
      noOverlap,
    );
    expect(chunks.map((chunk) => chunk.headingPath)).toEqual([['Top', 'Full']]);
  });

  it('does not merge a small section into a large sibling', () => {
    const chunks = chunkMarkdown(
      `## Small\n\nTiny.\n\n## Large\n\n${sentences('Large', 8)}`,
      noOverlap,
    );
    expect(chunks[0]).toEqual({ ordinal: 0, headingPath: ['Small'], text: 'Tiny.' });
  });
});

describe('chunkMarkdown options', () => {
  it('exports the documented defaults', () => {
    expect(DEFAULT_CHUNK_OPTIONS).toEqual({ targetChars: 1200, overlapChars: 150 });
  });

  it.each([
    { targetChars: 10, overlapChars: 0 },
    { targetChars: 200, overlapChars: 200 },
    { targetChars: 200, overlapChars: -1 },
    { targetChars: 200, overlapChars: 0, maxChars: 100 },
  ])('rejects %o with invalid_input', (options) => {
    expect(() => chunkMarkdown('text', options)).toThrow(
      expect.objectContaining({ code: 'invalid_input' }),
    );
  });

  it('returns nothing for blank input and is deterministic', () => {
    expect(chunkMarkdown(' \n\n ', DEFAULT_CHUNK_OPTIONS)).toEqual([]);
    const markdown = `# A\n\n${sentences('A', 40)}`;
    expect(chunkMarkdown(markdown, DEFAULT_CHUNK_OPTIONS)).toEqual(
      chunkMarkdown(markdown, DEFAULT_CHUNK_OPTIONS),
    );
  });

  it('reports invalid options as a ClarifyError', () => {
    try {
      chunkMarkdown('text', { targetChars: 1, overlapChars: 0 });
    } catch (error) {
      expect(isClarifyError(error, 'invalid_input')).toBe(true);
      return;
    }
    expect.unreachable();
  });
});
