export type * from './types';
export { readBenchmark, type Benchmark, type BenchmarkCorpus } from './benchmark/read-benchmark';
export { describeProblem, type LineProblem } from './benchmark/line-problems';
export { evaluateBenchmark, type EvaluateOptions, type Evaluation } from './run/evaluate-benchmark';
export * from './gate';
export { normalize } from './metrics/normalize';
export { scoreQuestion, expectedDecision, type QuestionScore } from './metrics/score-question';
export { aggregate, figuresFor } from './metrics/aggregate';
export { byCategory } from './metrics/by-category';
export type { Figures } from './metrics/figures';
export { buildReport } from './report/build-report';
export { renderMarkdown } from './report/render-markdown';
export { renderChartSvg } from './report/render-chart-svg';
export { writeReport, type WrittenReport } from './report/write-report';
export type {
  EvaluationReport,
  ReportInput,
  StrategyReport,
  QuestionRow,
  BenchmarkMode,
} from './report/report-types';
