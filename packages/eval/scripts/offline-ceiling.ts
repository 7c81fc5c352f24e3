/**
 * How far the offline engine's readings could go on a benchmark, whatever the decision: every
 * question is shown every candidate the offline extractor finds in the top 20 passages, for a
 * grid of its two coverage knobs, and scored with the benchmark's own metrics. The best G-F1 of
 * the grid bounds what tuning the decision or the knobs can reach; the gap to a target says
 * whether the extractor, not the decision, is what stands in the way.
 *
 *   pnpm --filter @clarify/eval exec tsx scripts/offline-ceiling.ts ../../../shared/eval/asqa-g --questions dev
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@clarify/config';
import type { Passage } from '@clarify/core';
import { createOfflineInterpretationExtractor } from '@clarify/llm';
import { aggregate, readBenchmark, scoreQuestion, type QuestionRun } from '../src';
import { openBenchmarkIndex } from '../src/run/open-benchmark-index';

const TOP_K = 20;
const MIN_COVERAGE = [0.4, 0.5, 0.6];
const RELATIVE_COVERAGE = [0, 0.7, 0.85];

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { questions: { type: 'string' }, limit: { type: 'string' } },
});
const benchmarkDir = positionals[0];
if (benchmarkDir === undefined) {
  console.error('usage: ceiling <benchmark-dir> [--questions <subdir>] [--limit <n>]');
  process.exit(2);
}

const config = loadConfig();
const benchmark = await readBenchmark(resolve(benchmarkDir), {
  questions: values.questions,
  strict: false,
  onProblem: (problem) => console.error(`${problem.file}:${problem.line}: ${problem.reason}`),
});
const questions = benchmark.questions.slice(0, values.limit ? Number(values.limit) : undefined);
const { kb } = await openBenchmarkIndex(benchmark, {
  config,
  cacheDir: join(config.dataDir, 'eval-cache'),
});
try {
  const retrieved = await Promise.all(
    questions.map((question) => kb.retriever.search({ query: question.question, k: TOP_K })),
  );
  console.log(`${questions.length} questions, every candidate shown (top ${TOP_K} passages)`);
  console.log('min-cov  rel-cov   shown    G-P    G-R   G-F1');
  let bestRecall = 0;
  for (const minCoverage of MIN_COVERAGE) {
    for (const relativeCoverage of RELATIVE_COVERAGE) {
      // Typed and specific questions, and pages about what the question names, get the same
      // knobs as the others: every candidate is shown.
      const extractor = createOfflineInterpretationExtractor({
        minCoverage,
        relativeCoverage,
        namedRelativeCoverage: relativeCoverage,
        typedMinCoverage: minCoverage,
        specificTerms: Number.POSITIVE_INFINITY,
        corpus: kb.wordFrequencies,
      });
      const runs: QuestionRun[] = [];
      for (const [index, question] of questions.entries()) {
        const passages = retrieved[index] ?? [];
        const { candidates } = await extractor.extract({ question: question.question, passages });
        runs.push(allShown(question, candidates));
      }
      const figures = aggregate(runs.map(scoreQuestion), runs);
      bestRecall = Math.max(bestRecall, figures.g_recall ?? 0);
      const shown = runs.reduce((total, run) => total + run.interpretations.length, 0);
      console.log(
        [minCoverage, relativeCoverage].map((knob) => knob.toFixed(2).padStart(7)).join('  '),
        String(shown).padStart(7),
        ...[figures.g_precision, figures.g_recall, figures.g_f1].map((f) =>
          (f ?? 0).toFixed(3).padStart(6),
        ),
      );
    }
  }
  // Keeping exactly the candidates that match (precision 1) is the best any decision can do.
  const perfect = (2 * bestRecall) / (1 + bestRecall);
  console.log(
    `a perfect choice among the candidates: G-R ${bestRecall.toFixed(3)}, G-F1 ≤ ${perfect.toFixed(3)}`,
  );
} finally {
  await kb.close();
}

function allShown(
  question: QuestionRun['question'],
  candidates: ReadonlyArray<{ interpretation: string; answer: string; passage: Passage }>,
): QuestionRun {
  return {
    question,
    decision: candidates.length === 0 ? 'no-answer' : 'clarify',
    interpretations: candidates.map((candidate) => ({
      text: candidate.interpretation,
      answer: candidate.answer,
      citations: [{ id: candidate.passage.documentId, text: candidate.passage.text }],
    })),
    cost: { llmCalls: 0, promptTokens: 0, completionTokens: 0, retrievalCalls: 1, latencyMs: 0 },
  };
}
