import type { DetectionMetrics } from '@clarify/core';
import type { GateDatasetFigures, HalfSize } from './evaluate-gate-dataset';

const COLUMNS = ['n', 'pos', 'precision', 'recall', 'F1', 'AUROC', 'FPR'] as const;

function figure(value: number): string {
  return Number.isFinite(value) ? value.toFixed(3) : '—';
}

function percent(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}

/** Names left-aligned, figures right-aligned, each column as wide as its widest cell. */
function table(rows: readonly { name: string; metrics: DetectionMetrics }[]): string[] {
  const lines = [
    ['set', ...COLUMNS],
    ...rows.map(({ name, metrics }) => [
      name,
      String(metrics.count),
      String(metrics.positives),
      ...[
        metrics.precision,
        metrics.recall,
        metrics.f1,
        metrics.auroc,
        metrics.falsePositiveRate,
      ].map(figure),
    ]),
  ];
  const widths = lines[0]?.map((_cell, column) =>
    Math.max(...lines.map((line) => line[column]?.length ?? 0)),
  );
  return lines.map((line) =>
    line
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths?.[0] ?? 0) : cell.padStart(widths?.[column] ?? 0),
      )
      .join('  ')
      .trimEnd(),
  );
}

function half(size: HalfSize): string {
  const dialogues = size.dialogues === undefined ? '' : ` from ${size.dialogues} dialogues`;
  return `${size.questions} questions${dialogues}`;
}

/** The figures of `evaluateGateFolder` as the lines `clarify eval-gate` prints. */
export function formatGateFigures(figures: GateDatasetFigures): string[] {
  const threshold = `threshold ${figures.metrics.threshold.toFixed(4)}`;
  if (figures.dataset === 'canard') {
    const { metrics, withoutHistory } = figures;
    return [
      `history gate on CANARD dev, evaluation half: ${half(figures.halves.evaluation)} ` +
        `(train half, ${half(figures.halves.train)}, trained the gate: not scored)`,
      `positive = depends on its history; ${threshold}`,
      ...table([{ name: 'evaluation half', metrics }]),
      `self-contained questions: ${metrics.count - metrics.positives}, ` +
        `false-positive rate ${percent(metrics.falsePositiveRate)}`,
      `history-dependent questions: ${metrics.positives}, recall ${percent(metrics.recall)}`,
      `same questions without history: ${withoutHistory.flagged} of ${withoutHistory.count} ` +
        `flagged, "no" for ${percent(withoutHistory.notFlaggedRate)}`,
    ];
  }
  if (figures.dataset === 'clariq')
    return [
      `ambiguity classifier on ClariQ dev: ${figures.metrics.count} topics ` +
        `(need 1 = clear, 3–4 = ambiguous; ${figures.leftOut} topics of need 2 left out)`,
      `positive = needs a clarifying question; ${threshold}`,
      ...table([{ name: 'dev', metrics: figures.metrics }]),
    ];
  return [
    `ambiguity classifier on CLAMBER, evaluation half: ${half(figures.halves.evaluation)} ` +
      `(train half, ${half(figures.halves.train)}, trained the classifier: not scored)`,
    `positive = needs a clarifying question; ${threshold}`,
    ...table([
      { name: 'evaluation half', metrics: figures.metrics },
      ...figures.groups.map((group) => ({ name: `  ${group.name}`, metrics: group.metrics })),
    ]),
  ];
}
