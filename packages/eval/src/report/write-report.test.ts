import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { renderChartSvg } from './render-chart-svg';
import { renderMarkdown } from './render-markdown';
import { twoStrategyReport } from './report-fixture';
import { writeReport } from './write-report';

describe('writeReport', () => {
  let root = '';
  afterEach(async () => {
    if (root !== '') await rm(root, { recursive: true, force: true });
  });

  it('writes report.json, report.md and chart.svg, creating the folder', async () => {
    root = await mkdtemp(join(tmpdir(), 'clarify-report-'));
    const dir = join(root, 'nested', 'out');
    const report = twoStrategyReport();

    const written = await writeReport(dir, report);

    expect(written).toEqual({
      json: join(dir, 'report.json'),
      markdown: join(dir, 'report.md'),
      chart: join(dir, 'chart.svg'),
    });
    const json = await readFile(written.json, 'utf8');
    expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(report)));
    expect(json).toContain('\n  "benchmark": {');
    expect(await readFile(written.markdown, 'utf8')).toBe(renderMarkdown(report));
    expect(await readFile(written.chart, 'utf8')).toBe(renderChartSvg(report));
  });
});
