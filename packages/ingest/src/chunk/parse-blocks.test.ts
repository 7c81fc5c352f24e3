import { describe, expect, it } from 'vitest';
import { parseBlocks } from './parse-blocks';

describe('parseBlocks', () => {
  it('reads ATX and setext headings with their levels and clean text', () => {
    const blocks = parseBlocks(
      '# Top #\n\nIntro text\n\nSetext one\n===\n\nSetext two\n---\n\n### [Linked](http://x) `code`',
    );
    const headings = blocks.filter((block) => block.kind === 'heading');
    expect(headings.map((block) => [block.level, block.text])).toEqual([
      [1, 'Top'],
      [1, 'Setext one'],
      [2, 'Setext two'],
      [3, 'Linked code'],
    ]);
  });

  it('keeps heading-like lines inside fenced code as code', () => {
    const blocks = parseBlocks('~~~python title="x"\n# not a heading\n```\n~~~\n\n## Real');
    expect(blocks).toEqual([
      {
        kind: 'code',
        opening: '~~~python title="x"',
        closing: '~~~',
        lines: ['# not a heading', '```'],
      },
      { kind: 'heading', level: 2, text: 'Real', rawText: 'Real' },
    ]);
  });

  it('closes an unterminated fence at the end of the document', () => {
    expect(parseBlocks('````js\nconst a = 1;\n```')).toEqual([
      { kind: 'code', opening: '````js', closing: '````', lines: ['const a = 1;', '```'] },
    ]);
  });

  it('treats a dashed line after a blank line as a thematic break, not a heading', () => {
    expect(parseBlocks('Text\n\n---\n\nMore')).toEqual([
      { kind: 'paragraph', text: 'Text' },
      { kind: 'paragraph', text: 'More' },
    ]);
  });

  it('reads pipe tables and stops them at a blank line', () => {
    const blocks = parseBlocks('Intro\n| a | b |\n|---|:-:|\n| 1 | 2 |\n| 3 | 4 |\n\nAfter');
    expect(blocks).toEqual([
      { kind: 'paragraph', text: 'Intro' },
      {
        kind: 'table',
        header: '| a | b |',
        delimiter: '|---|:-:|',
        rows: ['| 1 | 2 |', '| 3 | 4 |'],
      },
      { kind: 'paragraph', text: 'After' },
    ]);
  });

  it('groups list items with nested items and continuation lines', () => {
    const blocks = parseBlocks(
      '- one\n  more of one\n  - nested\n- two\n\n  still two\n\nParagraph',
    );
    expect(blocks).toEqual([
      { kind: 'list', items: ['- one\n  more of one\n  - nested', '- two\n\n  still two'] },
      { kind: 'paragraph', text: 'Paragraph' },
    ]);
  });

  it('does not let an ordered item other than 1 interrupt a paragraph', () => {
    expect(parseBlocks('In\n2019. was a year')).toEqual([
      { kind: 'paragraph', text: 'In\n2019. was a year' },
    ]);
  });
});
