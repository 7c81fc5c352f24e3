import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderChartSvg } from './render-chart-svg';
import { renderMarkdown } from './render-markdown';
import type { EvaluationReport } from './report-types';

export type WrittenReport = { json: string; markdown: string; chart: string };

/** Writes report.json, report.md and chart.svg into `dir` (created if missing); returns their paths. */
export async function writeReport(dir: string, report: EvaluationReport): Promise<WrittenReport> {
  await mkdir(dir, { recursive: true });
  const paths: WrittenReport = {
    json: join(dir, 'report.json'),
    markdown: join(dir, 'report.md'),
    chart: join(dir, 'chart.svg'),
  };
  await Promise.all([
    writeFile(paths.json, `${JSON.stringify(report, null, 2)}\n`),
    writeFile(paths.markdown, renderMarkdown(report)),
    writeFile(paths.chart, renderChartSvg(report)),
  ]);
  return paths;
}
