import { describe, expect, it } from 'vitest';
import { logit, predict, train, type LabelledVector } from './logistic-regression';

function toySet(): LabelledVector[] {
  const examples: LabelledVector[] = [];
  for (let x = -3; x <= 3; x++)
    for (let y = -3; y <= 3; y++) {
      if (x + y === 0) continue;
      // A constant third feature must not break standardisation.
      examples.push({ features: { dense: [x * 10, y, 7], sparse: [] }, label: x * 0.1 + y > 0 });
    }
  return examples;
}

describe('logistic regression', () => {
  it('separates a linearly separable toy set', () => {
    const examples = toySet();
    const weights = train(examples, { sparseSize: 0, iterations: 600, l2: 1e-4 });
    for (const example of examples)
      expect(predict(weights, example.features) >= 0.5).toBe(example.label);
    expect(predict(weights, { dense: [30, 3, 7], sparse: [] })).toBeGreaterThan(0.95);
    expect(predict(weights, { dense: [-30, -3, 7], sparse: [] })).toBeLessThan(0.05);
    expect(weights.denseScale[2]).toBe(1);
  });

  it('learns sparse (hashed n-gram) features', () => {
    const examples: LabelledVector[] = [
      { features: { dense: [], sparse: [[0, 1]] }, label: true },
      {
        features: {
          dense: [],
          sparse: [
            [0, 1],
            [2, 1],
          ],
        },
        label: true,
      },
      { features: { dense: [], sparse: [[1, 1]] }, label: false },
      {
        features: {
          dense: [],
          sparse: [
            [1, 1],
            [2, 1],
          ],
        },
        label: false,
      },
    ];
    const weights = train(examples, { sparseSize: 3, iterations: 300 });
    expect(weights.sparseCoefficients[0]).toBeGreaterThan(1);
    expect(weights.sparseCoefficients[1]).toBeLessThan(-1);
    expect(Math.abs(weights.sparseCoefficients[2] ?? 1)).toBeLessThan(0.5);
    expect(logit(weights, { dense: [], sparse: [[0, 1]] })).toBeGreaterThan(0);
  });

  it('balances classes and honours example weights', () => {
    const unbalanced: LabelledVector[] = [
      ...Array.from({ length: 9 }, () => ({ features: { dense: [], sparse: [] }, label: false })),
      { features: { dense: [], sparse: [] }, label: true },
    ];
    const balanced = train(unbalanced, { sparseSize: 0, iterations: 400, l2: 0 });
    expect(predict(balanced, { dense: [], sparse: [] })).toBeCloseTo(0.5, 2);
    const raw = train(unbalanced, { sparseSize: 0, iterations: 400, l2: 0, balanceClasses: false });
    expect(predict(raw, { dense: [], sparse: [] })).toBeCloseTo(0.1, 2);
  });

  it('is deterministic and serialises to plain JSON', () => {
    const first = train(toySet(), { sparseSize: 4, iterations: 50 });
    const second = train(toySet(), { sparseSize: 4, iterations: 50 });
    expect(second).toEqual(first);
    expect(JSON.parse(JSON.stringify(first))).toEqual(first);
  });
});
