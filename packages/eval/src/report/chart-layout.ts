import { CHART_COLUMNS } from './metric-columns';
import type { Figures } from '../metrics/figures';

/** One strategy in the chart: its overall figures and its colour. */
export type Series = { name: string; figures: Figures; color: string };
export type LegendItem = Series & { x: number; y: number };

export type ChartLayout = {
  /** y of the 100 % line; the plot runs from there down to `baseline`. */
  top: number;
  baseline: number;
  left: number;
  right: number;
  barWidth: number;
  groupWidth: number;
  legend: LegendItem[];
  width: number;
  height: number;
};

const PLOT_HEIGHT = 280;
const MARGIN = { left: 64, right: 16, bottom: 72 };
const LEGEND_TOP = 56;
const LEGEND_ROW = 20;
// Rough width of a 12px system-font character: the legend is laid out without measuring text.
const CHAR_WIDTH = 7;

/**
 * Sizes the chart for `series`: bars narrow as strategies are added (28px down to 8px) and groups
 * widen once the bars no longer fit the 120px that the two-line metric labels need.
 */
export function chartLayout(series: Series[]): ChartLayout {
  const barWidth = Math.max(8, Math.min(28, Math.floor(96 / Math.max(1, series.length))));
  const groupWidth = Math.max(120, series.length * barWidth + 28);
  const plotWidth = CHART_COLUMNS.length * groupWidth;
  const legend = legendItems(series, plotWidth);
  const legendRows = new Set(legend.map((item) => item.y)).size;
  const top = LEGEND_TOP + legendRows * LEGEND_ROW + 16;
  return {
    top,
    baseline: top + PLOT_HEIGHT,
    left: MARGIN.left,
    right: MARGIN.left + plotWidth,
    barWidth,
    groupWidth,
    legend,
    width: MARGIN.left + plotWidth + MARGIN.right,
    height: top + PLOT_HEIGHT + MARGIN.bottom,
  };
}

/** The y of `value` (a fraction, clamped to 0..1) on the plot. */
export function yOf(value: number, layout: ChartLayout): number {
  const clamped = Math.min(1, Math.max(0, value));
  return layout.baseline - (layout.baseline - layout.top) * clamped;
}

/** Legend entries laid left to right, wrapping to a new row before `maxWidth`. */
function legendItems(series: Series[], maxWidth: number): LegendItem[] {
  const items: LegendItem[] = [];
  let x = MARGIN.left;
  let y = LEGEND_TOP;
  for (const entry of series) {
    const width = 20 + entry.name.length * CHAR_WIDTH + 18;
    if (x > MARGIN.left && x + width > MARGIN.left + maxWidth) {
      x = MARGIN.left;
      y += LEGEND_ROW;
    }
    items.push({ ...entry, x, y });
    x += width;
  }
  return items;
}
