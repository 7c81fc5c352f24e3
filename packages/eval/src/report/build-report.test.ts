import { describe, expect, it } from 'vitest';
import { twoStrategyReport } from './report-fixture';

// The keys BENCHMARK-FORMAT.md requires of `overall` and of every category.
const REQUIRED_FIGURES = [
  'g_precision',
  'g_recall',
  'g_f1',
  'decision_accuracy',
  'false_clarify_rate',
  'missed_ambiguity_rate',
  'answer_em',
  'citation_precision',
  'mean_options',
  'llm_calls_mean',
  'prompt_tokens_mean',
  'completion_tokens_mean',
  'retrieval_calls_mean',
  'latency_ms_p50',
  'latency_ms_p95',
];

describe('buildReport', () => {
  const report = twoStrategyReport();
  const json = JSON.parse(JSON.stringify(report)) as typeof report;

  it('has the benchmark keys of the format, in snake_case', () => {
    expect(Object.keys(json)).toEqual(['benchmark', 'strategies']);
    expect(json.benchmark).toEqual({
      path: 'bench/leave',
      questions: 6,
      corpus_documents: 12,
      mode: 'offline',
    });
  });

  it('has every required figure overall and per category, keeping null for 0/0', () => {
    expect(Object.keys(json.strategies)).toEqual(['verdict', 'rag|plain']);
    for (const strategy of Object.values(json.strategies)) {
      expect(Object.keys(strategy)).toEqual(['overall', 'by_category', 'questions']);
      const everyFigures = [strategy.overall, ...Object.values(strategy.by_category)];
      for (const figures of everyFigures)
        expect(Object.keys(figures)).toEqual(expect.arrayContaining(REQUIRED_FIGURES));
    }
    expect(Object.keys(json.strategies.verdict?.by_category ?? {})).toEqual([
      'ambiguous',
      'clear',
      'unanswerable',
    ]);
    expect(json.strategies['rag|plain']?.overall.missed_ambiguity_rate).toBeNull();
    expect(json.strategies.verdict?.overall.g_f1).toBeCloseTo(2 / 3);
  });

  it('has a row per question with what was shown and how it scored', () => {
    const rows = json.strategies.verdict?.questions ?? [];
    expect(rows.map((row) => row.id)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5', 'q6']);
    expect(rows[0]).toMatchObject({
      category: 'ambiguous',
      ambiguous: true,
      expected: 'clarify',
      decision: 'clarify',
      grounded_matches: 2,
      matches: 2,
      gold: 2,
      answer_em: null,
      latency_ms: 300,
      llm_calls: 1,
    });
    expect(rows[0]?.interpretations[2]).toEqual({
      text: 'Option: Managers get 30 days',
      answer: 'Managers get 30 days',
      citations: ['x/managers.md'],
    });
    expect(rows[4]).toMatchObject({ decision: 'no-answer', error: 'LLM timed out' });
    expect(rows[0]).not.toHaveProperty('error');
    expect(json.strategies['rag|plain']?.questions[0]?.extra).toEqual({ source: 'hand-written' });
  });
});
