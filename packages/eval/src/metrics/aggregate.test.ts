import { describe, expect, it } from 'vitest';
import { aggregate, figuresFor } from './aggregate';
import { makeRun, sixRuns } from './fixtures';
import { scoreQuestion } from './score-question';

describe('aggregate', () => {
  it('micro-averages the six hand-scored runs', () => {
    const runs = sixRuns();
    const figures = aggregate(runs.map(scoreQuestion), runs);
    // Shown 3+1+2+1+0+1 = 8, grounded 2+1+1+1+0+0 = 5, gold 2+1+1+2+0+1 = 7.
    expect(figures.g_precision).toBeCloseTo(5 / 8);
    expect(figures.g_recall).toBeCloseTo(5 / 7);
    // 2·(5/8)(5/7) / (5/8 + 5/7) = (50/56) / (75/56)
    expect(figures.g_f1).toBeCloseTo(2 / 3);
    expect(figures).toMatchObject({
      questions: 6,
      errors: 1,
      decision_accuracy: 4 / 6, // q1, q2, q5 (error → no-answer), q6
      false_clarify_rate: 1 / 3, // q3 of the clear questions with gold q2, q3, q6
      missed_ambiguity_rate: 1 / 2, // q4 of the ambiguous q1, q4
      answer_em: 1 / 2, // q2 yes, q6 no
      citation_precision: 5 / 8, // 2 of 3, 1/1, 1/2, 1/1, 0/1
      mean_options: 2.5, // 3 and 2
    });
  });

  it('gives mean and nearest-rank p95 of the costs, p50/p95 of the latency', () => {
    expect(figuresFor(sixRuns())).toMatchObject({
      llm_calls_mean: 3.5,
      llm_calls_p95: 6,
      prompt_tokens_mean: 35,
      prompt_tokens_p95: 60,
      completion_tokens_mean: 2,
      completion_tokens_p95: 7,
      retrieval_calls_mean: 1,
      retrieval_calls_p95: 1,
      latency_ms_p50: 300, // sorted 100…600, rank ceil(0.5·6) = 3
      latency_ms_p95: 600,
    });
  });

  it('scores precision 0 when nothing was shown, and leaves 0/0 ratios null', () => {
    const runs = [
      makeRun({ id: 'a', ambiguous: false, gold: [], decision: 'no-answer' }),
      makeRun({ id: 'b', ambiguous: false, gold: [], decision: 'no-answer' }),
    ];
    expect(figuresFor(runs)).toMatchObject({
      g_precision: 0,
      g_recall: null,
      g_f1: null,
      decision_accuracy: 1,
      false_clarify_rate: null,
      missed_ambiguity_rate: null,
      answer_em: null,
      citation_precision: null,
      mean_options: null,
    });
  });

  it('is all null for no runs and refuses scores that do not pair with runs', () => {
    expect(figuresFor([])).toMatchObject({ questions: 0, g_precision: null, llm_calls_mean: null });
    expect(() => aggregate([], sixRuns())).toThrow(/one score per run/);
  });
});
