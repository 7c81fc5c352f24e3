import { describe, expect, it } from 'vitest';
import { makeRun } from '../metrics/fixtures';
import { buildReport } from './build-report';
import { renderChartSvg } from './render-chart-svg';
import { twoStrategyReport } from './report-fixture';

const TOKEN = /<[^>]*>|[^<]+/g;
const TAG = /^<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[A-Za-z_][\w:.-]*="[^"<]*")*)\s*(\/?)>$/;
const LOOSE_AMPERSAND = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;

/**
 * A cheap well-formedness check for the subset of XML the chart uses: every tag parses with
 * double-quoted attributes, closing tags close the innermost open one, every `&` starts an entity,
 * and there is one root element.
 */
function expectWellFormed(xml: string): void {
  const open: string[] = [];
  let roots = 0;
  for (const token of xml.match(TOKEN) ?? []) {
    expect(token, 'no unescaped &').not.toMatch(LOOSE_AMPERSAND);
    if (!token.startsWith('<')) {
      if (open.length === 0) expect(token.trim(), 'text outside the root').toBe('');
      continue;
    }
    const tag = TAG.exec(token);
    expect(tag, `tag ${token}`).not.toBeNull();
    const [, closing, name, , selfClosing] = tag ?? [];
    if (closing === '/') {
      expect(open.pop(), `closing ${token}`).toBe(name);
      continue;
    }
    if (open.length === 0) roots++;
    if (selfClosing !== '/') open.push(name ?? '');
  }
  expect(open).toEqual([]);
  expect(roots).toBe(1);
}

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

describe('expectWellFormed', () => {
  it('rejects what an XML parser would', () => {
    expect(() => expectWellFormed('<svg><g></svg>')).toThrow();
    expect(() => expectWellFormed('<svg><text>a & b</text></svg>')).toThrow();
    expect(() => expectWellFormed('<svg x=1/>')).toThrow();
    expect(() => expectWellFormed('<svg/><svg/>')).toThrow();
  });
});

describe('renderChartSvg', () => {
  const svg = renderChartSvg(twoStrategyReport());

  it('is a well-formed, self-contained SVG', () => {
    expectWellFormed(svg);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).not.toMatch(/<script|@import|url\(|href=/);
  });

  it('has one bar group per rate and one legend entry per strategy', () => {
    expect(count(svg, /<g class="bar-group"/g)).toBe(6);
    for (const metric of ['g_precision', 'g_recall', 'g_f1', 'decision_accuracy']) {
      expect(svg).toContain(`data-metric="${metric}"`);
    }
    expect(svg).toContain('data-metric="false_clarify_rate"');
    expect(svg).toContain('data-metric="missed_ambiguity_rate"');
    expect(count(svg, /<g class="legend-entry"/g)).toBe(2);
    expect(svg).toContain('>rag|plain</text>');
  });

  it('draws each bar to scale and marks an undefined rate', () => {
    // 62.5 % of the 280-pixel plot.
    expect(svg).toMatch(/height="175"[^>]*><title>verdict: G-Precision 62\.5%<\/title>/);
    expect(svg).toContain('n/a<title>rag|plain: Missed-ambiguity rate —</title>');
    // A 0 % rate keeps a 2px stub so that it does not look like a missing one.
    expect(svg).toMatch(/height="2"[^>]*><title>rag\|plain: False-clarify rate 0\.0%<\/title>/);
    expect(svg).toContain('lower is better');
  });

  it('escapes names and stays well-formed with many strategies', () => {
    const run = makeRun({ id: 'x', ambiguous: false, gold: [], decision: 'no-answer' });
    const names = [
      '<b>&"x"\'',
      'a\u0001b',
      ...Array.from({ length: 9 }, (_, i) => `strategy-${i}`),
    ];
    const many = renderChartSvg(
      buildReport({
        benchmark: { path: 'a&b/<bench>', questions: 1, corpusDocuments: 1, mode: 'llm' },
        strategies: Object.fromEntries(names.map((name) => [name, [run]])),
      }),
    );
    expectWellFormed(many);
    expect(many).toContain('&lt;b&gt;&amp;&quot;x&quot;&apos;');
    expect(many).toContain('a&amp;b/&lt;bench&gt;');
    expect(count(many, /<g class="legend-entry"/g)).toBe(names.length);
  });
});
