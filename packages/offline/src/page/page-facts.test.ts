import { describe, expect, it } from 'vitest';
import { isLabel, pageFacts, readableRow, sentences } from './page-facts';

const page = `# Probation and Notice

The figures depend on the country of your contract.

## Notice period after probation

| Country | Notice period |
|---|---|
| United States | 2 weeks |
| Ireland | one month |

During probation, the notice period is one week.

## Resigning

1. Email your manager.
2. Copy **People Operations**.
`;

describe('pageFacts', () => {
  const facts = pageFacts(page);

  it('reads each table row with its header and the headings above it', () => {
    const rows = facts.filter((fact) => fact.kind === 'row');
    expect(rows.map((row) => row.text)).toEqual([
      'Country: United States; Notice period: 2 weeks',
      'Country: Ireland; Notice period: one month',
    ]);
    expect(rows[1]?.headings).toEqual(['Probation and Notice', 'Notice period after probation']);
    expect(rows[1]?.row).toEqual({
      table: 1,
      header: ['Country', 'Notice period'],
      cells: ['Ireland', 'one month'],
    });
  });

  it('never makes a heading a fact, and moves the section on at each heading', () => {
    expect(facts.map((fact) => fact.text)).not.toContain('Resigning');
    expect(facts.map((fact) => fact.text)).not.toContain('Notice period after probation');
    const steps = facts.filter((fact) => fact.kind === 'item');
    expect(steps.map((step) => step.text)).toEqual([
      'Email your manager.',
      'Copy People Operations.',
    ]);
    expect(steps[0]?.headings).toEqual(['Probation and Notice', 'Resigning']);
  });

  it('starts from the heading path the passage starts at', () => {
    const [first] = pageFacts('Offices open at 07:00.', ['Office Access', 'Opening hours']);
    expect(first?.headings).toEqual(['Office Access', 'Opening hours']);
  });

  it("leaves an FAQ entry's question out, its context included, and keeps its answer", () => {
    const faq = pageFacts(
      '**I moved from Rotterdam to Boston mid-year. What happens to my leave?**\n' +
        'Your Dutch balance is settled on transfer. Talk to HR.',
    );
    expect(faq.map((fact) => fact.text)).toEqual([
      'Your Dutch balance is settled on transfer.',
      'Talk to HR.',
    ]);
  });

  it('skips fenced code', () => {
    expect(pageFacts('```\n| a | b |\n```\nDone.').map((fact) => fact.text)).toEqual(['Done.']);
  });
});

describe('sentences', () => {
  it('does not end a sentence at an initial or an abbreviation', () => {
    expect(sentences('In 1985, T. G. Sheppard had a hit. It was e.g. good.')).toEqual([
      'In 1985, T. G. Sheppard had a hit.',
      'It was e.g. good.',
    ]);
  });
});

describe('isLabel', () => {
  it('tells labels from statements', () => {
    expect(isLabel('Opening hours')).toBe(true);
    expect(isLabel('Notice period:')).toBe(true);
    expect(isLabel('The shield is a disc.')).toBe(false);
    expect(isLabel('Offices open 07:00–19:00')).toBe(false);
    expect(isLabel('Call the IT Service Desk on extension 4400 or open a ticket')).toBe(false);
  });
});

describe('readableRow', () => {
  it('writes a key–value row as people do, and leaves any other text alone', () => {
    expect(
      readableRow(
        'Limit: Rate limit; Value: 600 requests per minute; Notes: Shared by all API keys.',
      ),
    ).toBe('Rate limit: 600 requests per minute (Shared by all API keys).');
    expect(readableRow('Setting: Timeout; Value: 30 s')).toBe('Timeout: 30 s.');
    const row = 'Country: Ireland; Notice period: one month';
    expect(readableRow(row)).toBe(row);
    expect(readableRow('Note: read this first.')).toBe('Note: read this first.');
  });
});
