import { cite, gold, makeRun, sixRuns } from '../metrics/fixtures';
import { buildReport } from './build-report';
import type { EvaluationReport } from './report-types';

/**
 * A report of two strategies for the report tests: `verdict` runs the six hand-scored questions of
 * the metric tests; `rag|plain` (a name that needs escaping in Markdown) answers one clear
 * question correctly, so its false-clarify rate is 0 and its missed-ambiguity rate undefined.
 */
export function twoStrategyReport(): EvaluationReport {
  const correct = makeRun({
    id: 'r1',
    category: 'clear',
    ambiguous: false,
    gold: [gold(['25 days'], ['hr/leave.md'])],
    decision: 'answer',
    shown: [{ text: '25 days', answer: 'You get 25 days.', citations: [cite('hr/leave.md')] }],
    cost: {
      llmCalls: 1,
      promptTokens: 100,
      completionTokens: 20,
      retrievalCalls: 2,
      latencyMs: 42,
    },
    extra: { source: 'hand-written' },
  });
  return buildReport({
    benchmark: { path: 'bench/leave', questions: 6, corpusDocuments: 12, mode: 'offline' },
    strategies: { verdict: sixRuns(), 'rag|plain': [correct] },
  });
}
