import { ClarifyError } from '@clarify/core';
import type { QuestionCost, QuestionRun } from '../types';
import type { Figures } from './figures';
import { scoreQuestion, type QuestionScore } from './score-question';
import { mean, nearestRank, ratio, sum } from './statistics';

/**
 * Micro-averages question scores into figures (BENCHMARK-FORMAT "Metrics"): every ratio sums its
 * numerator and denominator over the questions, so a question with five gold interpretations
 * weighs five times one with a single gold in G-Recall. `scores[i]` must score `runs[i]`; the runs
 * give the costs.
 */
export function aggregate(scores: readonly QuestionScore[], runs: readonly QuestionRun[]): Figures {
  if (scores.length !== runs.length) {
    throw new ClarifyError(
      'invalid_input',
      `aggregate needs one score per run (${scores.length} scores, ${runs.length} runs)`,
    );
  }
  const total = (count: (score: QuestionScore) => number) => sum(scores.map(count));
  const rateAmong = (
    inScope: (score: QuestionScore) => boolean,
    counted: (score: QuestionScore) => boolean,
  ) => {
    const scoped = scores.filter(inScope);
    return ratio(scoped.filter(counted).length, scoped.length);
  };
  const gPrecision = groundedPrecision(scores);
  const gRecall = ratio(
    total((score) => score.groundedMatches),
    total((score) => score.gold),
  );
  const answerEms = scores.flatMap((score) => (score.answerEm === null ? [] : [score.answerEm]));
  const options = scores.flatMap((score) => (score.options === null ? [] : [score.options]));
  const costs = (pick: (cost: QuestionCost) => number) => runs.map((run) => pick(run.cost));
  const llmCalls = costs((cost) => cost.llmCalls);
  const promptTokens = costs((cost) => cost.promptTokens);
  const completionTokens = costs((cost) => cost.completionTokens);
  const retrievalCalls = costs((cost) => cost.retrievalCalls);
  const latencies = costs((cost) => cost.latencyMs);

  return {
    questions: scores.length,
    errors: runs.filter((run) => run.error !== undefined).length,
    g_precision: gPrecision,
    g_recall: gRecall,
    g_f1: harmonicMean(gPrecision, gRecall),
    decision_accuracy: rateAmong(
      () => true,
      (score) => score.decisionCorrect,
    ),
    // Over clear questions that have a gold: for a clear question without one, `no-answer` is
    // expected and a clarify there is a decision error, not a missed direct answer.
    false_clarify_rate: rateAmong(
      (score) => !score.ambiguous && score.gold > 0,
      (score) => score.decision === 'clarify',
    ),
    missed_ambiguity_rate: rateAmong(
      (score) => score.ambiguous,
      (score) => score.decision === 'answer',
    ),
    answer_em: ratio(answerEms.filter(Boolean).length, answerEms.length),
    citation_precision: ratio(
      total((score) => score.correctCitations),
      total((score) => score.citations),
    ),
    mean_options: mean(options),
    llm_calls_mean: mean(llmCalls),
    llm_calls_p95: nearestRank(llmCalls, 0.95),
    prompt_tokens_mean: mean(promptTokens),
    prompt_tokens_p95: nearestRank(promptTokens, 0.95),
    completion_tokens_mean: mean(completionTokens),
    completion_tokens_p95: nearestRank(completionTokens, 0.95),
    retrieval_calls_mean: mean(retrievalCalls),
    retrieval_calls_p95: nearestRank(retrievalCalls, 0.95),
    latency_ms_p50: nearestRank(latencies, 0.5),
    latency_ms_p95: nearestRank(latencies, 0.95),
  };
}

/** Scores every run and aggregates the scores. */
export function figuresFor(runs: readonly QuestionRun[]): Figures {
  return aggregate(runs.map(scoreQuestion), runs);
}

/**
 * Grounded matches over interpretations shown. A strategy that showed nothing at all scores 0, not
 * an undefined precision: otherwise never answering would escape the precision (and F1) column.
 */
function groundedPrecision(scores: readonly QuestionScore[]): number | null {
  if (scores.length === 0) return null;
  const predicted = sum(scores.map((score) => score.predicted));
  return predicted === 0 ? 0 : sum(scores.map((score) => score.groundedMatches)) / predicted;
}

function harmonicMean(first: number | null, second: number | null): number | null {
  if (first === null || second === null) return null;
  return first + second === 0 ? 0 : (2 * first * second) / (first + second);
}
