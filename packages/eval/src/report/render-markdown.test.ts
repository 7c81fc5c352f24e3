import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render-markdown';
import { twoStrategyReport } from './report-fixture';

describe('renderMarkdown', () => {
  const markdown = renderMarkdown(twoStrategyReport());
  const lines = markdown.split('\n');

  it('titles the report with the benchmark path, question count and mode', () => {
    expect(lines[0]).toBe('# Clarify evaluation: `bench/leave`');
    expect(markdown).toContain('6 questions · 12 corpus documents · mode: offline');
  });

  it('has an overall row per strategy with percentages and costs', () => {
    expect(lines).toContain(
      '| Strategy | Questions | G-Precision | G-Recall | G-F1 | Decision accuracy | ' +
        'False-clarify rate | Missed-ambiguity rate | Answer EM | Citation precision | Options | ' +
        'LLM calls | Prompt tokens | Completion tokens | Retrieval calls | p50 ms | p95 ms | Errors |',
    );
    // Hand-computed in aggregate.test.ts: 5/8, 5/7, 2/3, 4/6, 1/3, 1/2, 1/2, 5/8, 2.5 options.
    expect(lines).toContain(
      '| verdict | 6 | 62.5% | 71.4% | 66.7% | 66.7% | 33.3% | 50.0% | 50.0% | 62.5% | 2.50 | ' +
        '3.50 | 35.0 | 2.0 | 1.00 | 300.0 | 600.0 | 1 |',
    );
    expect(lines).toContain(
      '| rag\\|plain | 1 | 100.0% | 100.0% | 100.0% | 100.0% | 0.0% | — | 100.0% | 100.0% | — | ' +
        '1.00 | 100.0 | 20.0 | 2.00 | 42.0 | 42.0 | 0 |',
    );
    expect(lines).toContain('| verdict | 6.00 | 60.0 | 7.0 | 1.00 |');
  });

  it('has a table per strategy with a row per category', () => {
    const heading = lines.indexOf('### `verdict`');
    expect(heading).toBeGreaterThan(0);
    // q1 + q4: 3 of 4 shown grounded, 3 of 4 gold found, 3 of 4 citations right, one clarify of 3.
    expect(lines.slice(heading)).toContain(
      '| ambiguous | 2 | 75.0% | 75.0% | 75.0% | 50.0% | — | 50.0% | — | 75.0% | 3.00 | ' +
        '2.50 | 25.0 | 1.0 | 1.00 | 200.0 | 300.0 | 0 |',
    );
    expect(lines).toContain('### `rag|plain`');
  });

  it('points to the chart and says how to read each metric', () => {
    expect(markdown).toContain('![Strategies compared on the main rates](chart.svg)');
    expect(markdown).toContain('## How to read');
    expect(markdown).toMatch(/- \*\*G-Recall\*\*: share of gold interpretations/);
    expect(markdown).toMatch(/- \*\*Missed-ambiguity rate\*\*: /);
  });
});
