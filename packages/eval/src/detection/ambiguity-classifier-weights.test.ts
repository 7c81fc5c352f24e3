import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DetectionMetrics } from '@clarify/core';
import { AMBIGUITY_FEATURE_NAMES } from '@clarify/core';
import { clamberGroups, clamberHalf, parseClamberItems } from './clamber-labels';
import { clariqAmbiguityItems, parseClariqTopics } from './clariq-labels';
import { committedAmbiguityClassifierModel, createAmbiguityClassifier } from '@clarify/core';
import { evaluateAmbiguityClassifier } from './evaluate-ambiguity-classifier';

const sharedDirectory =
  process.env.SHARED_DIR ?? join(import.meta.dirname, '../../../../../shared');
const detection = join(sharedDirectory, 'eval/detection');
const clariqDevPath = join(detection, 'clariq/dev.tsv');
const clamberPath = join(detection, 'clamber/clamber_benchmark.jsonl');
const dataPresent = existsSync(clariqDevPath) && existsSync(clamberPath);
const model = committedAmbiguityClassifierModel();

/** Every stored figure (counts, threshold, rates) matches the measured one to 5 decimals. */
function expectSameMetrics(actual: DetectionMetrics, stored: DetectionMetrics | undefined): void {
  expect(stored).toBeDefined();
  const expected = Object.entries(stored ?? {}).map(([key, value]): [string, unknown] => [
    key,
    expect.closeTo(value, 5),
  ]);
  expect(actual).toEqual(Object.fromEntries(expected));
}

describe('the committed ambiguity classifier weights', () => {
  it('are small, well formed and use known features', () => {
    const path = join(
      import.meta.dirname,
      '../../../core/src/ambiguity/ambiguity-classifier-weights.json',
    );
    expect(statSync(path).size).toBeLessThan(300 * 1024);
    expect(model.featureNames).toEqual([...AMBIGUITY_FEATURE_NAMES]);
    expect(model.threshold).toBeGreaterThan(0);
    expect(model.threshold).toBeLessThan(1);
    expect(Object.keys(model.metrics)).toEqual(
      expect.arrayContaining(['trainingOutOfFold', 'clariqDev', 'clamberEvaluation']),
    );
  });
});

describe.skipIf(!dataPresent)(
  dataPresent
    ? 'the committed ambiguity weights on ClariQ dev and the CLAMBER evaluation half'
    : `ambiguity evaluation skipped: ${clariqDevPath} or ${clamberPath} not found (set SHARED_DIR to the shared folder)`,
  () => {
    const classifier = createAmbiguityClassifier();

    it('reproduce the figures the training script reported on ClariQ dev', () => {
      const items = clariqAmbiguityItems(parseClariqTopics(readFileSync(clariqDevPath, 'utf8')));
      expectSameMetrics(evaluateAmbiguityClassifier(classifier, items), model.metrics.clariqDev);
    });

    it('reproduce the figures it reported on the CLAMBER evaluation half, overall and by group', () => {
      const items = parseClamberItems(readFileSync(clamberPath, 'utf8')).filter(
        (item) => clamberHalf(item.message) === 'evaluation',
      );
      expectSameMetrics(
        evaluateAmbiguityClassifier(classifier, items),
        model.metrics.clamberEvaluation,
      );
      for (const group of clamberGroups(items))
        expectSameMetrics(
          evaluateAmbiguityClassifier(classifier, group.items),
          model.metrics[`clamberEvaluation:${group.name}`],
        );
    });
  },
);
