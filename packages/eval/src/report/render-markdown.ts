import type { Figures } from '../metrics/figures';
import { codeSpan, markdownTable } from './markdown-table';
import {
  COST_P95_COLUMNS,
  CHART_COLUMNS,
  METRIC_COLUMNS,
  formatFigure,
  type MetricColumn,
} from './metric-columns';
import type { EvaluationReport } from './report-types';

/** `report.md`: the overall and per-category tables, a pointer to the chart, how to read them. */
export function renderMarkdown(report: EvaluationReport): string {
  const { benchmark } = report;
  const strategies = Object.entries(report.strategies);
  const overallTable = (columns: MetricColumn[]) =>
    figuresTable(
      'Strategy',
      columns,
      strategies.map(([name, strategy]) => [name, strategy.overall]),
    );

  const lines = [
    `# Clarify evaluation: ${codeSpan(benchmark.path)}`,
    '',
    `${benchmark.questions} questions · ${benchmark.corpus_documents} corpus documents · ` +
      `mode: ${benchmark.mode} · strategies: ${strategies.map(([name]) => codeSpan(name)).join(', ')}`,
    '',
    '## Overall',
    '',
    ...overallTable(METRIC_COLUMNS),
    '',
    'Cost per question, 95th percentile (nearest rank):',
    '',
    ...overallTable(COST_P95_COLUMNS),
    '',
    '## Chart',
    '',
    `[chart.svg](chart.svg) compares the strategies on ${labels(CHART_COLUMNS).join(', ')} (0–100 %).`,
    '',
    '![Strategies compared on the main rates](chart.svg)',
    '',
    '## By category',
    ...strategies.flatMap(([name, strategy]) => [
      '',
      `### ${codeSpan(name)}`,
      '',
      ...figuresTable('Category', METRIC_COLUMNS, Object.entries(strategy.by_category)),
    ]),
    '',
    '## How to read',
    '',
    'Rates are micro-averaged over questions; "—" marks a figure with nothing to count ' +
      '(e.g. answer EM when no clear question got a direct answer).',
    '',
    ...METRIC_COLUMNS.map((column) => `- **${column.label}**: ${column.definition}`),
  ];
  return `${lines.join('\n')}\n`;
}

/** A table with a row per named set of figures and a column per metric. */
function figuresTable(
  nameHeader: string,
  columns: MetricColumn[],
  rows: Array<[string, Figures]>,
): string[] {
  return markdownTable(
    [nameHeader, ...labels(columns)],
    rows.map(([name, figures]) => [
      name,
      ...columns.map((column) => formatFigure(column, figures)),
    ]),
  );
}

function labels(columns: MetricColumn[]): string[] {
  return columns.map((column) => column.label);
}
