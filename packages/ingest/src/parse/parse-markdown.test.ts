import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from './parse-markdown';

const encoder = new TextEncoder();

function fromText(text: string, path = 'docs/how-to_reset-vpn.md') {
  return parseMarkdown({ path, bytes: encoder.encode(text) });
}

describe('parseMarkdown', () => {
  it('reads the sample fixture: front matter, body without it, headings', () => {
    const bytes = new Uint8Array(
      readFileSync(new URL('../../test/fixtures/sample.md', import.meta.url)),
    );
    const document = parseMarkdown({ path: 'kb/sample.md', bytes });
    expect(document.title).toBe('IT Handbook');
    expect(document.updatedAt?.toISOString()).toBe('2024-03-15T00:00:00.000Z');
    expect(document.metadata).toEqual({ owner: 'it-team', version: '3', reviewed: 'true' });
    expect(document.markdown.startsWith('# Welcome to IT\n')).toBe(true);
    expect(document.markdown).toContain('## VPN');
    expect(document.markdown).toContain('To reset your VPN token, open the self-service portal');
    expect(document.markdown).not.toContain('owner: it-team');
  });

  it('falls back to the first H1, then to the prettified file name', () => {
    expect(fromText('Intro\n\n```\n# not this\n```\n\n# Real Title\n\n## Sub').title).toBe(
      'Real Title',
    );
    expect(fromText('## Only a subheading\n\ntext').title).toBe('How to reset vpn');
  });

  it('prefers updated, then last_updated, then date, and keeps unused dates as metadata', () => {
    const document = fromText(
      '---\ndate: 2023-01-01\nlast_updated: 2023-06-01T10:00:00Z\n---\nBody',
    );
    expect(document.updatedAt?.toISOString()).toBe('2023-06-01T10:00:00.000Z');
    expect(document.metadata).toEqual({ date: '2023-01-01' });
    expect(
      fromText('---\nupdated: not a date\ndate: 2022-02-02\n---\nBody').updatedAt?.toISOString(),
    ).toBe('2022-02-02T00:00:00.000Z');
  });

  it('treats malformed front matter as none but keeps the body', () => {
    const document = fromText('---\ntitle: [unclosed\nowner: x\n---\n# Body Title\n\nText.');
    expect(document).toMatchObject({ title: 'Body Title', metadata: {}, updatedAt: null });
    expect(document.markdown).toBe('# Body Title\n\nText.');
  });

  it('keeps a leading block that is prose between rules, not front matter', () => {
    const document = fromText('---\nJust an intro paragraph.\n---\n\nMore text.');
    expect(document.markdown).toContain('Just an intro paragraph.');
    expect(document.metadata).toEqual({});
  });

  it('strips a byte-order mark and normalises CRLF', () => {
    const document = fromText('\uFEFF---\r\ntitle: Windows\r\n---\r\nLine one\r\nLine two\r\n');
    expect(document.title).toBe('Windows');
    expect(document.markdown).toBe('Line one\nLine two');
  });

  it('never throws and never leaves carriage returns, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('-', '\n', '\r', ':', ' ', 'a', '#', '[', '"', '\uFEFF'),
        }),
        (text) => {
          const document = fromText(text);
          expect(document.markdown).not.toContain('\r');
          expect(document.title.trim()).not.toBe('');
        },
      ),
    );
  });
});
