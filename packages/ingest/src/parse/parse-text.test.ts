import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chunkMarkdown } from '../chunk/chunk-markdown';
import { parseText } from './parse-text';

function fixture(name: string) {
  return {
    path: `notes/${name}`,
    bytes: new Uint8Array(readFileSync(new URL(`../../test/fixtures/${name}`, import.meta.url))),
  };
}

describe('parseText', () => {
  it('reads the sample fixture: short first line as title, CRLF and BOM removed', () => {
    const document = parseText(fixture('sample.txt'));
    expect(document.title).toBe('Office Wi-Fi Guide');
    expect(document.markdown).toContain(
      'Connect to the network named Clarify-Staff.\nThe password rotates',
    );
    expect(document.markdown).not.toMatch(/[\r\uFEFF]/);
  });

  it('leaves heading-like lines as text for the chunker', () => {
    const document = parseText(fixture('sample.txt'));
    const chunks = chunkMarkdown(document.markdown, { targetChars: 100, overlapChars: 0 });
    expect(chunks.every((chunk) => chunk.headingPath.length === 0)).toBe(true);
    expect(chunks.map((chunk) => chunk.text).join('\n')).toContain('Troubleshooting');
    expect(
      parseText({ path: 'a.txt', bytes: new TextEncoder().encode('Title\n=====\n```\nx') })
        .markdown,
    ).toBe('Title\n\\=====\n\\```\nx');
  });

  it('uses the file name when the first line is long', () => {
    const long =
      'This first line is a full sentence that goes on for well over eighty characters in total.';
    expect(
      parseText({ path: 'faq_answers.txt', bytes: new TextEncoder().encode(long) }).title,
    ).toBe('Faq answers');
  });

  it('returns empty markdown for an empty file', () => {
    expect(parseText(fixture('empty.txt'))).toEqual({
      title: 'Empty',
      markdown: '',
      updatedAt: null,
      metadata: {},
    });
  });

  it('decodes invalid UTF-8 lossily', () => {
    const document = parseText({ path: 'x.txt', bytes: new Uint8Array([0x48, 0x69, 0xff, 0x21]) });
    expect(document.markdown).toBe('Hi\uFFFD!');
  });
});
