import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canardGateItems, parseCanardItems } from './canard-labels';
import { committedHistoryGateModel, createHistoryGate } from '@clarify/core';
import type { DetectionMetrics } from '@clarify/core';
import { evaluateHistoryGate } from './evaluate-history-gate';
import { GATE_FEATURE_NAMES } from '@clarify/core';
import { labelledSplit, parseLabelledMessages } from './labelled-messages';

const sharedDirectory =
  process.env.SHARED_DIR ?? join(import.meta.dirname, '../../../../../shared');
const canardPath = join(sharedDirectory, 'eval/detection/canard/dev.json');
const canardPresent = existsSync(canardPath);
const model = committedHistoryGateModel();

function expectSameMetrics(actual: DetectionMetrics, stored: DetectionMetrics | undefined): void {
  expect(stored).toBeDefined();
  if (stored === undefined) return;
  expect(actual.count).toBe(stored.count);
  expect(actual.positives).toBe(stored.positives);
  for (const key of [
    'precision',
    'recall',
    'f1',
    'accuracy',
    'falsePositiveRate',
    'auroc',
  ] as const)
    expect(actual[key], key).toBeCloseTo(stored[key], 5);
}

describe('the committed history gate weights', () => {
  it('are small, well formed and use known features', () => {
    const path = join(import.meta.dirname, '../../../core/src/gate/history-gate-weights.json');
    expect(statSync(path).size).toBeLessThan(300 * 1024);
    expect(
      model.featureNames.every((name) => (GATE_FEATURE_NAMES as readonly string[]).includes(name)),
    ).toBe(true);
    expect(model.threshold).toBeGreaterThan(0);
    expect(model.threshold).toBeLessThan(1);
  });

  it('reproduce the metrics the training script reported on the held-out labelled threads', () => {
    const labelled = parseLabelledMessages(
      readFileSync(join(import.meta.dirname, '../../data/gate/labelled.jsonl'), 'utf8'),
    );
    const heldOut = labelled.filter((item) => labelledSplit(item.thread) === 'held-out');
    expectSameMetrics(
      evaluateHistoryGate(createHistoryGate(), heldOut),
      model.metrics.workplaceHeldOut,
    );
  });
});

describe.skipIf(!canardPresent)(
  canardPresent
    ? 'the committed weights on the CANARD evaluation half'
    : `CANARD evaluation skipped: ${canardPath} not found (set SHARED_DIR to the shared folder)`,
  () => {
    it('reproduce the reported metrics, which meet the F1 target', () => {
      const items = canardGateItems(
        parseCanardItems(JSON.parse(readFileSync(canardPath, 'utf8'))),
        'evaluation',
      );
      const metrics = evaluateHistoryGate(createHistoryGate(), items);
      expectSameMetrics(metrics, model.metrics.canardEvaluation);
      expect(metrics.f1).toBeGreaterThanOrEqual(0.85);
    });
  },
);
