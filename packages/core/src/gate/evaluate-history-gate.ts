import type { HistoryGate } from './create-history-gate';
import { detectionMetrics, type DetectionMetrics, type ScoredLabel } from './detection-metrics';
import type { GateHistoryTurn } from './gate-features';

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
