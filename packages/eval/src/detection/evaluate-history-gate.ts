import type { HistoryGate } from '@clarify/core';
import { detectionMetrics, type DetectionMetrics, type ScoredLabel } from '@clarify/core';
import type { GateHistoryTurn } from '@clarify/core';

/** A message with its thread and the gold answer to "does it depend on the thread?". */
export type GateEvaluationItem = {
  message: string;
  history: readonly GateHistoryTurn[];
  dependsOnHistory: boolean;
};

/** Scores every item with the gate. */
export function scoreWithHistoryGate(
  gate: HistoryGate,
  items: readonly GateEvaluationItem[],
): ScoredLabel[] {
  return items.map((item) => ({
    score: gate.assess(item.message, item.history).score,
    label: item.dependsOnHistory,
  }));
}

/** Precision, recall, F1, AUROC and false-positive rate of the gate at its own threshold. */
export function evaluateHistoryGate(
  gate: HistoryGate,
  items: readonly GateEvaluationItem[],
): DetectionMetrics {
  return detectionMetrics(scoreWithHistoryGate(gate, items), gate.threshold);
}
