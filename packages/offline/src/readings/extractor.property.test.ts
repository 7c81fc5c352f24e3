import { answerPreview, type Passage } from '@clarify/core';
import { isLabel, pageFacts } from '../page/page-facts';
import { passageFixture } from '@clarify/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createOfflineInterpretationExtractor } from './create-offline-interpretation-extractor';

/** What a company page states per qualifier: a number with its unit, asked with its wording. */
const ATTRIBUTES = [
  { name: 'Notice period', unit: 'weeks', question: 'How long is the notice period?' },
  { name: 'Mileage rate', unit: 'cents per mile', question: 'What is the mileage rate?' },
  { name: 'Meal allowance', unit: 'euros per day', question: 'How much is the meal allowance?' },
  { name: 'Rate limit', unit: 'requests per minute', question: 'What is the rate limit?' },
] as const;
const QUALIFIERS = ['Austin', 'Dublin', 'Auckland', 'Rotterdam', 'Boston', 'Bengaluru'];
const LABELS = ['Opening hours', 'Contacts', 'Notes', 'Summary', 'Overview'];

type Layout = 'table' | 'sections' | 'list';
type Page = { markdown: string; headings: string[]; values: Map<string, string> };

const page = fc
  .record({
    attribute: fc.constantFrom(...ATTRIBUTES),
    qualifiers: fc.uniqueArray(fc.constantFrom(...QUALIFIERS), { minLength: 2, maxLength: 4 }),
    amounts: fc.array(fc.integer({ min: 2, max: 900 }), { minLength: 4, maxLength: 4 }),
    layout: fc.constantFrom<Layout>('table', 'sections', 'list'),
    label: fc.constantFrom(...LABELS),
    intro: fc.boolean(),
    trailer: fc.boolean(),
  })
  .map(({ attribute, qualifiers, amounts, layout, label, intro, trailer }): Page => {
    const values = new Map(
      qualifiers.map((qualifier, index) => [qualifier, `${amounts[index] ?? 1} ${attribute.unit}`]),
    );
    const lines = [`# ${attribute.name} by Office`, ''];
    const headings = [`${attribute.name} by Office`];
    if (intro) lines.push(`The ${attribute.name.toLowerCase()} depends on your office.`, '');
    lines.push(label, '');
    if (layout === 'table') {
      headings.push('Rates');
      lines.push('## Rates', '', `| Office | ${attribute.name} |`, '|---|---|');
      for (const [qualifier, value] of values) lines.push(`| ${qualifier} | ${value} |`);
      lines.push('');
    } else if (layout === 'sections') {
      for (const [qualifier, value] of values) {
        headings.push(qualifier);
        lines.push(
          `## ${qualifier}`,
          '',
          `The ${attribute.name.toLowerCase()} in ${qualifier} is ${value}.`,
          '',
        );
      }
    } else {
      headings.push('Rates');
      lines.push('## Rates', '');
      for (const [qualifier, value] of values)
        lines.push(`- ${qualifier}: the ${attribute.name.toLowerCase()} is ${value}.`);
      lines.push('');
    }
    if (trailer) {
      headings.push('Questions');
      lines.push('## Questions', '', 'Ask People Operations in the #people-ops channel.');
    }
    return { markdown: lines.join('\n'), headings, values };
  });

/** The page as the chunker would cut it: one passage per second-level section. */
function passages(generated: Page): Passage[] {
  const [title = ''] = generated.headings;
  return generated.markdown.split(/\n(?=## )/).map((text, index) => {
    const heading = /^## (.*)$/m.exec(text)?.[1];
    return passageFixture(`page-${index}`, title, text, {
      documentId: 'page.md',
      headingPath: heading === undefined ? [title] : [title, heading],
    });
  });
}

function questionOf(markdown: string): string {
  return ATTRIBUTES.find((attribute) => markdown.includes(attribute.name))?.question ?? '';
}

describe('answers and option previews on generated company pages', () => {
  it('are never a heading, a label or empty, and state a value the cited passage gives', async () => {
    const extractor = createOfflineInterpretationExtractor();
    await fc.assert(
      fc.asyncProperty(page, async (generated) => {
        const retrieved = passages(generated);
        const { candidates } = await extractor.extract({
          question: questionOf(generated.markdown),
          passages: retrieved,
        });
        expect(candidates.length).toBeGreaterThan(0);
        for (const candidate of candidates) {
          const preview = answerPreview(candidate.answer);
          expect(preview.trim()).not.toBe('');
          expect(generated.headings).not.toContain(preview.replace(/[.:]$/, ''));
          expect(isLabel(preview)).toBe(false);
          // The value shown is one the cited passage states, in a row, item or sentence of it.
          const stated = [...generated.values.values()].filter((value) => preview.includes(value));
          expect(stated.length).toBeGreaterThan(0);
          const facts = pageFacts(candidate.passage.text).map((fact) => fact.text);
          expect(stated.some((value) => facts.some((fact) => fact.includes(value)))).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('offer one reading per qualifier when the question names none', async () => {
    const extractor = createOfflineInterpretationExtractor();
    await fc.assert(
      fc.asyncProperty(page, async (generated) => {
        const { candidates } = await extractor.extract({
          question: questionOf(generated.markdown),
          passages: passages(generated),
        });
        const shown = new Set(candidates.map((candidate) => candidate.interpretation));
        expect(shown.size).toBe(generated.values.size);
      }),
      { numRuns: 100 },
    );
  });
});
