import { join, resolve, basename } from 'node:path';
import type { ClarifyConfig } from '@clarify/config';
import { STRATEGY_NAMES, type StrategyName } from '@clarify/core';
import {
  buildReport,
  describeProblem,
  evaluateBenchmark,
  writeReport,
  type EvaluationReport,
} from '@clarify/eval';
import type { Output } from '../output';
import { createIndexProgress, createQuestionProgress } from '../progress';

export type EvalCommandOptions = {
  questions?: string;
  strategy?: StrategyName[];
  limit?: number;
  out?: string;
  strict?: boolean;
};

/** Strategies compared when none is named: those the configured engine can run. */
const OFFLINE_STRATEGIES: StrategyName[] = ['verdict', 'adf', 'rag'];

/**
 * `clarify eval <benchmark-dir>`: every question of a benchmark (format v1) through each
 * strategy, scored, written as report.json, report.md and chart.svg.
 */
export async function runEvalCommand(
  config: ClarifyConfig,
  output: Output,
  input: { benchmarkDir: string; options: EvalCommandOptions },
): Promise<EvaluationReport> {
  const { options } = input;
  const strategies =
    options.strategy ??
    (config.llm.provider === 'offline' ? OFFLINE_STRATEGIES : [...STRATEGY_NAMES]);
  const outDir = resolve(
    options.out ?? join('eval-reports', basename(resolve(input.benchmarkDir))),
  );
  const indexProgress = createIndexProgress(output, 'corpus');
  let questionProgress: ReturnType<typeof createQuestionProgress> | undefined;
  let done = 0;
  let total = 0;
  let problems = 0;
  try {
    const evaluation = await evaluateBenchmark({
      benchmarkDir: input.benchmarkDir,
      questions: options.questions,
      strategies,
      limit: options.limit,
      config,
      cacheDir: join(config.dataDir, 'eval-cache'),
      strict: options.strict ?? false,
      onProblem: (problem) => {
        problems++;
        output.err(`clarify: skipped ${describeProblem(problem)}`);
      },
      onIndexProgress: indexProgress.update,
      onIndexed: ({ cached, documents }) => {
        indexProgress.stop();
        output.err(
          cached
            ? `corpus: ${documents} documents, index reused from the cache`
            : `corpus: ${documents} documents indexed`,
        );
      },
      onQuestion: (strategy) => {
        done++;
        questionProgress?.update(done, strategy);
      },
      onQuestionsKnown: (count) => {
        total = count * strategies.length;
        questionProgress = createQuestionProgress(output, total);
      },
    });
    questionProgress?.stop();
    const report = buildReport({
      benchmark: {
        path: evaluation.benchmark.path,
        questions: evaluation.benchmark.questions.length,
        corpusDocuments: evaluation.documents,
        mode: evaluation.mode,
      },
      strategies: evaluation.runs,
    });
    await writeReport(outDir, report);
    printSummary(output, report);
    output.out(`report: ${join(outDir, 'report.md')} (report.json, chart.svg beside it)`);
    if (problems > 0) output.out(`${problems} malformed line(s) skipped, listed above`);
    return report;
  } finally {
    indexProgress.stop();
    questionProgress?.stop();
  }
}

function printSummary(output: Output, report: EvaluationReport): void {
  const percent = (value: number | null) =>
    value === null ? '—'.padStart(7) : `${(value * 100).toFixed(1)}%`.padStart(7);
  output.out(
    `${'strategy'.padEnd(9)} ${'G-P'.padStart(7)} ${'G-R'.padStart(7)} ${'G-F1'.padStart(7)} ${'decide'.padStart(7)} ${'f-clar'.padStart(7)} ${'missed'.padStart(7)} ${'EM'.padStart(7)} ${'cite-P'.padStart(7)} ${'p50 ms'.padStart(8)}`,
  );
  for (const [strategy, figures] of Object.entries(report.strategies)) {
    const o = figures.overall;
    output.out(
      `${strategy.padEnd(9)} ${percent(o.g_precision)} ${percent(o.g_recall)} ${percent(o.g_f1)} ${percent(o.decision_accuracy)} ${percent(o.false_clarify_rate)} ${percent(o.missed_ambiguity_rate)} ${percent(o.answer_em)} ${percent(o.citation_precision)} ${(o.latency_ms_p50 ?? 0).toFixed(1).padStart(8)}`,
    );
  }
}
