import { describe, expect, it } from 'vitest';
import { areaUnderRoc, chooseThreshold, detectionMetrics } from './detection-metrics';

const items = [
  { score: 0.1, label: false },
  { score: 0.4, label: false },
  { score: 0.35, label: true },
  { score: 0.8, label: true },
];

describe('detection metrics', () => {
  it('computes AUROC by ranks (scikit-learn example: 0.75) and handles ties', () => {
    expect(areaUnderRoc(items)).toBeCloseTo(0.75, 10);
    expect(
      areaUnderRoc([
        { score: 1, label: true },
        { score: 1, label: false },
      ]),
    ).toBe(0.5);
    expect(areaUnderRoc([{ score: 1, label: true }])).toBeNaN();
  });

  it('counts precision, recall, F1 and false-positive rate at a threshold', () => {
    expect(detectionMetrics(items, 0.35)).toMatchObject({
      count: 4,
      positives: 2,
      precision: 2 / 3,
      recall: 1,
      f1: 0.8,
      accuracy: 0.75,
      falsePositiveRate: 0.5,
    });
  });

  it('chooses the threshold that maximises F1, or the recall-leaning criterion', () => {
    const separable = [
      { score: 0.2, label: false },
      { score: 0.3, label: false },
      { score: 0.6, label: true },
      { score: 0.9, label: true },
    ];
    expect(chooseThreshold(separable)).toBe(0.6);
    expect(chooseThreshold(items, 'f1')).toBe(0.35);
    const weighted = items.map((item) => ({ ...item, weight: item.label ? 1 : 10 }));
    expect(chooseThreshold(weighted, 'f1')).toBe(0.8);
  });
});
