import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseHtml } from './parse-html';

const encoder = new TextEncoder();

describe('parseHtml', () => {
  const bytes = new Uint8Array(
    readFileSync(new URL('../../test/fixtures/sample.html', import.meta.url)),
  );
  const document = parseHtml({ path: 'site/expenses.html', bytes });

  it('takes the title from <title>, with entities decoded', () => {
    expect(document.title).toBe('Expense Policy & Claims');
  });

  it('turns headings, lists, tables and code into Markdown', () => {
    expect(
      document.markdown.startsWith(
        '# Expenses\n\nKeep every receipt for purchases over **25 EUR**.',
      ),
    ).toBe(true);
    expect(document.markdown).toContain('## Submitting a claim');
    expect(document.markdown).toContain(
      'Claims are submitted in the finance portal within 30 days of the purchase.',
    );
    expect(document.markdown).toMatch(/^- +Attach a photo of the receipt\.$/m);
    expect(document.markdown).toContain(
      '| Vendor | Category |\n| --- | --- |\n| Acme Travel | Travel |\n| Paper \\| Co |',
    );
    expect(document.markdown).toContain('```json\n{ "costCentre": "R&D" }\n```');
  });

  it('drops scripts, styles, navigation and footers', () => {
    for (const text of [
      'tracking code',
      'font-family',
      'Policies',
      'Copyright',
      'Expense Policy & Claims',
    ]) {
      expect(document.markdown).not.toContain(text);
    }
  });

  it('falls back to the first <h1>, then the file name', () => {
    const withHeading = parseHtml({
      path: 'a.htm',
      bytes: encoder.encode('<p>x</p><h1>Main <em>Topic</em></h1>'),
    });
    expect(withHeading.title).toBe('Main Topic');
    expect(
      parseHtml({ path: 'team-page.htm', bytes: encoder.encode('<p>No heading</p>') }).title,
    ).toBe('Team page');
  });

  it('keeps text that merely starts with a hash from becoming a heading', () => {
    const markdown = parseHtml({
      path: 'a.html',
      bytes: encoder.encode('<p># 5 is the room</p>'),
    }).markdown;
    expect(markdown).toBe('\\# 5 is the room');
  });

  it('returns empty markdown for a page without text and never throws on odd input', () => {
    expect(
      parseHtml({ path: 'a.html', bytes: encoder.encode('<script>x()</script>') }).markdown,
    ).toBe('');
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('<', '>', '/', 'p', 'h1', 'table', 'tr', 'td', ' ', '&', ';', 'a'),
        }),
        (html) => {
          expect(typeof parseHtml({ path: 'x.html', bytes: encoder.encode(html) }).markdown).toBe(
            'string',
          );
        },
      ),
    );
  });
});
