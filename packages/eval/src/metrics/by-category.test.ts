import { describe, expect, it } from 'vitest';
import { byCategory } from './by-category';
import { sixRuns } from './fixtures';

describe('byCategory', () => {
  it('computes figures per category, in alphabetical order', () => {
    const categories = byCategory(sixRuns());
    expect(Object.keys(categories)).toEqual(['ambiguous', 'clear', 'unanswerable']);
    // q1 + q4: shown 3+1, grounded 2+1, gold 2+2.
    expect(categories.ambiguous).toMatchObject({
      questions: 2,
      g_precision: 3 / 4,
      g_recall: 3 / 4,
      g_f1: 3 / 4,
      decision_accuracy: 1 / 2,
      false_clarify_rate: null,
      missed_ambiguity_rate: 1 / 2,
      answer_em: null,
    });
    // q2 + q3 + q6: shown 1+2+1, grounded 1+1+0, gold 1+1+1.
    expect(categories.clear).toMatchObject({
      questions: 3,
      g_precision: 2 / 4,
      g_recall: 2 / 3,
      decision_accuracy: 2 / 3,
      false_clarify_rate: 1 / 3,
      answer_em: 1 / 2,
    });
    expect(categories.unanswerable).toMatchObject({ questions: 1, errors: 1, g_precision: 0 });
  });
});
