import { chartLayout, yOf, type ChartLayout, type Series } from './chart-layout';
import { escapeXml } from './escape-xml';
import { formatPercent } from './format';
import { CHART_COLUMNS, type MetricColumn } from './metric-columns';
import type { EvaluationReport } from './report-types';
import { round, svgText, svgTooltip } from './svg-text';

// Okabe–Ito: strategies stay apart for colour-blind readers too.
const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9', '#000000'];
// System fonts only: GitHub shows an SVG as an image, which may not load fonts from elsewhere.
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const INK = '#111827';
const MUTED = '#6b7280';
const AXIS = '#374151';
const TICKS = [0, 0.2, 0.4, 0.6, 0.8, 1];

/**
 * `chart.svg`: grouped bars, one group per rate of CHART_COLUMNS and one bar per strategy, on a
 * 0–100 % axis, with a legend. Self-contained (no fonts, scripts or links) and drawn on white so
 * it stays readable in GitHub's dark mode.
 */
export function renderChartSvg(report: EvaluationReport): string {
  const series: Series[] = Object.entries(report.strategies).map(([name, strategy], index) => ({
    name,
    figures: strategy.overall,
    color: PALETTE[index % PALETTE.length] ?? INK,
  }));
  const layout = chartLayout(series);
  const { benchmark } = report;
  const subtitle = `${benchmark.path} · ${benchmark.questions} questions · ${benchmark.mode}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${layout.height}" ` +
      `viewBox="0 0 ${layout.width} ${layout.height}" font-family="${escapeXml(FONT)}" ` +
      `role="img" aria-labelledby="chart-title">`,
    `<title id="chart-title">${escapeXml(`Strategies compared: ${subtitle}`)}</title>`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    svgText({ x: layout.left, y: 22, size: 15, weight: 600, fill: INK }, 'Strategies compared'),
    svgText({ x: layout.left, y: 38, size: 11, fill: MUTED }, shorten(subtitle, 100)),
    ...layout.legend.map(
      (item) =>
        `<g class="legend-entry">` +
        `<rect x="${item.x}" y="${item.y - 10}" width="14" height="14" rx="2" fill="${item.color}"/>` +
        svgText({ x: item.x + 20, y: item.y + 1, size: 12, fill: INK }, item.name) +
        `</g>`,
    ),
    ...yAxis(layout),
    ...CHART_COLUMNS.map((column, index) => barGroup(column, index, { series, layout })),
    `</svg>`,
  ].join('\n');
}

function yAxis(layout: ChartLayout): string[] {
  const middle = (layout.top + layout.baseline) / 2;
  return [
    ...TICKS.map((tick) => {
      const y = round(yOf(tick, layout));
      const stroke = tick === 0 ? AXIS : '#e5e7eb';
      return (
        `<line x1="${layout.left}" x2="${layout.right}" y1="${y}" y2="${y}" stroke="${stroke}"/>` +
        svgText(
          { x: layout.left - 8, y: y + 4, size: 11, fill: AXIS, anchor: 'end' },
          `${tick * 100}%`,
        )
      );
    }),
    svgText(
      {
        x: 18,
        y: middle,
        size: 12,
        fill: AXIS,
        anchor: 'middle',
        transform: `rotate(-90 18 ${middle})`,
      },
      'Share of questions or interpretations',
    ),
    `<line x1="${layout.left}" x2="${layout.left}" y1="${layout.top}" y2="${layout.baseline}" stroke="${AXIS}"/>`,
  ];
}

type Chart = { series: Series[]; layout: ChartLayout };

function barGroup(column: MetricColumn, index: number, chart: Chart): string {
  const { series, layout } = chart;
  const groupLeft = layout.left + index * layout.groupWidth;
  const firstBar = groupLeft + (layout.groupWidth - series.length * layout.barWidth) / 2;
  const center = groupLeft + layout.groupWidth / 2;
  const bars = series.map((entry, position) =>
    bar(entry, column, { x: firstBar + position * layout.barWidth, layout }),
  );
  const lines = splitLabel(column.label);
  const labels = lines.map((line, lineIndex) =>
    svgText(
      {
        x: center,
        y: layout.baseline + 18 + lineIndex * 14,
        size: 12,
        fill: INK,
        anchor: 'middle',
      },
      line,
    ),
  );
  const direction = svgText(
    {
      x: center,
      y: layout.baseline + 18 + lines.length * 14,
      size: 10,
      fill: MUTED,
      anchor: 'middle',
    },
    column.lowerIsBetter === true ? 'lower is better' : 'higher is better',
  );
  return [
    `<g class="bar-group" data-metric="${column.key}">`,
    ...bars,
    ...labels,
    direction,
    `</g>`,
  ].join('\n');
}

/**
 * One strategy's bar. An undefined rate is written "n/a" rather than drawn as 0, and a 0 gets a
 * 2px stub, so that the two stay apart. Values are printed above bars wide enough to hold them.
 */
function bar(entry: Series, column: MetricColumn, place: { x: number; layout: ChartLayout }) {
  const { x, layout } = place;
  const value = entry.figures[column.key];
  const center = x + layout.barWidth / 2;
  const tooltip = `${entry.name}: ${column.label} ${formatPercent(value)}`;
  if (value === null) {
    const options = {
      x: center,
      y: layout.baseline - 4,
      size: 9,
      fill: MUTED,
      anchor: 'middle' as const,
    };
    return svgText({ ...options, tooltip }, 'n/a');
  }
  const y = Math.min(yOf(value, layout), layout.baseline - 2);
  const label =
    layout.barWidth >= 22
      ? svgText(
          { x: center, y: y - 3, size: 9, fill: AXIS, anchor: 'middle' },
          (value * 100).toFixed(1),
        )
      : '';
  return (
    `<rect x="${round(x)}" y="${round(y)}" width="${layout.barWidth - 2}" ` +
    `height="${round(layout.baseline - y)}" fill="${entry.color}">${svgTooltip(tooltip)}</rect>${label}`
  );
}

/** Long labels on two lines ("Missed-ambiguity" / "rate") so that groups stay narrow. */
function splitLabel(label: string): string[] {
  const space = label.lastIndexOf(' ');
  return label.length > 14 && space > 0 ? [label.slice(0, space), label.slice(space + 1)] : [label];
}

function shorten(text: string, length: number): string {
  return text.length <= length ? text : `…${text.slice(text.length - length + 1)}`;
}
