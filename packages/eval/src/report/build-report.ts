import { aggregate } from '../metrics/aggregate';
import { byCategory } from '../metrics/by-category';
import { scoreQuestion } from '../metrics/score-question';
import type { QuestionRun } from '../types';
import { toQuestionRow } from './question-row';
import type { EvaluationReport, ReportInput, StrategyReport } from './report-types';

/** Scores every strategy's runs into the `report.json` object (BENCHMARK-FORMAT). */
export function buildReport(input: ReportInput): EvaluationReport {
  const { benchmark } = input;
  const strategies: Record<string, StrategyReport> = {};
  for (const [name, runs] of Object.entries(input.strategies)) {
    if (runs !== undefined) strategies[name] = strategyReport(runs);
  }
  return {
    benchmark: {
      path: benchmark.path,
      questions: benchmark.questions,
      corpus_documents: benchmark.corpusDocuments,
      mode: benchmark.mode,
    },
    strategies,
  };
}

function strategyReport(runs: readonly QuestionRun[]): StrategyReport {
  const scored = runs.map((run) => ({ run, score: scoreQuestion(run) }));
  return {
    overall: aggregate(
      scored.map(({ score }) => score),
      runs,
    ),
    by_category: byCategory(runs),
    questions: scored.map(({ run, score }) => toQuestionRow(run, score)),
  };
}
