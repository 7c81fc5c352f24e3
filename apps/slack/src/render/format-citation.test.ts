import { describe, expect, it } from 'vitest';
import { formatCitation, formatCitationList, mergeSameDocument } from './format-citation';
import { makeCitation } from '@clarify/chat/testing';

describe('formatCitation', () => {
  it('writes number, link, heading path and the UTC date', () => {
    expect(formatCitation(makeCitation(), 1)).toBe(
      '[1] <https://docs.example.com/leave|Leave policy> — Parental leave › Eligibility · updated 2026-01-31',
    );
  });

  it('does not repeat the title at the start of the heading path', () => {
    expect(formatCitation(makeCitation({ heading: 'Leave policy › Parental leave' }), 1)).toBe(
      '[1] <https://docs.example.com/leave|Leave policy> — Parental leave · updated 2026-01-31',
    );
    expect(formatCitation(makeCitation({ heading: 'Leave policy', updatedAt: null }), 1)).toBe(
      '[1] <https://docs.example.com/leave|Leave policy>',
    );
  });

  it('makes sections of one document one source, for an option', () => {
    const sections = mergeSameDocument([
      makeCitation({ heading: 'Leave policy › Parental leave' }),
      makeCitation({ documentId: 'other.md', title: 'Other', heading: 'Other › Intro' }),
      makeCitation({ heading: 'Leave policy › Eligibility' }),
      makeCitation({ heading: 'Leave policy › Parental leave' }),
    ]);
    expect(sections.map((citation) => formatCitation(citation, 1))).toEqual([
      '[1] <https://docs.example.com/leave|Leave policy> — Parental leave; Eligibility · updated 2026-01-31',
      '[1] <https://docs.example.com/leave|Other> — Intro · updated 2026-01-31',
    ]);
  });

  it('leaves out the heading and the date when unknown or invalid', () => {
    expect(formatCitation(makeCitation({ heading: ' ', updatedAt: null }), 2)).toBe(
      '[2] <https://docs.example.com/leave|Leave policy>',
    );
    expect(formatCitation(makeCitation({ heading: '', updatedAt: new Date('nope') }), 2)).toBe(
      '[2] <https://docs.example.com/leave|Leave policy>',
    );
  });

  it('shows a file path as text, not as a link', () => {
    expect(formatCitation(makeCitation({ uri: '/srv/docs/leave.md', updatedAt: null }), 3)).toBe(
      '[3] Leave policy — Parental leave › Eligibility',
    );
  });

  it('escapes hostile titles and headings', () => {
    const citation = makeCitation({
      title: '<!channel> & <@U1>',
      heading: '<https://evil.example|click> @here',
      uri: 'https://evil.example|click',
      updatedAt: null,
    });
    expect(formatCitation(citation, 4)).toBe(
      '[4] &lt;!channel &amp; &lt;@U1 — &lt;https://evil.example|click&gt; @\u2060here',
    );
  });

  it('falls back to the document id for an empty title', () => {
    expect(formatCitation(makeCitation({ title: '', heading: '', updatedAt: null }), 5)).toBe(
      '[5] <https://docs.example.com/leave|handbook/leave.md>',
    );
  });

  it('keeps a line short whatever the citation holds', () => {
    const line = formatCitation(
      makeCitation({ title: '&'.repeat(3000), heading: '<'.repeat(3000) }),
      100,
    );
    expect(line.length).toBeLessThan(2000);
  });
});

describe('formatCitationList', () => {
  it('lists citations under a bold title', () => {
    const citations = [makeCitation({ updatedAt: null, heading: '' }), makeCitation({ uri: 'x' })];
    expect(formatCitationList(citations, 'Sources')).toEqual([
      '*Sources*\n[1] <https://docs.example.com/leave|Leave policy>\n' +
        '[2] Leave policy — Parental leave › Eligibility · updated 2026-01-31',
    ]);
  });

  it('starts a new text rather than exceed 2000 characters', () => {
    const citation = makeCitation({ title: 'T'.repeat(290), heading: 'H'.repeat(290) });
    const texts = formatCitationList(
      Array.from({ length: 10 }, () => citation),
      'Sources',
    );
    expect(texts.length).toBe(4);
    expect(texts.every((text) => text.length <= 2000)).toBe(true);
    expect(texts.join('\n').split('\n').length).toBe(11);
  });

  it('gives nothing for no citations', () => {
    expect(formatCitationList([], 'Sources')).toEqual([]);
  });
});
