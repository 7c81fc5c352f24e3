import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { IndexJob, Reply, SourceSummary } from '@clarify/core';
import { isStale } from '../jobs/schedule-interval';

/** The process's Prometheus registry: Node's own metrics and Clarify's. */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const questions = new Counter({
  name: 'clarify_questions_total',
  help: 'Questions and choices answered, by platform and decision (answer, clarify, no-answer, failed)',
  labelNames: ['platform', 'decision'] as const,
  registers,
});
const questionSeconds = new Histogram({
  name: 'clarify_question_duration_seconds',
  help: 'Time core took to reply to a question or a choice',
  labelNames: ['platform'] as const,
  buckets: SECONDS,
  registers,
});
const stageSeconds = new Histogram({
  name: 'clarify_stage_duration_seconds',
  help: 'Time of each pipeline stage',
  labelNames: ['stage'] as const,
  buckets: SECONDS,
  registers,
});
const llmCalls = new Counter({
  name: 'clarify_llm_calls_total',
  help: 'Calls to the LLM, by outcome (ok, failed)',
  labelNames: ['outcome'] as const,
  registers,
});
const llmTokens = new Counter({
  name: 'clarify_llm_tokens_total',
  help: 'LLM tokens, by kind (prompt, completion)',
  labelNames: ['kind'] as const,
  registers,
});
const llmCircuit = new Gauge({
  name: 'clarify_llm_circuit_open',
  help: 'Whether the LLM circuit breaker is open (1) or half-open (0.5); 0 when closed',
  registers,
});
const retrievalSeconds = new Histogram({
  name: 'clarify_retrieval_duration_seconds',
  help: 'Time of one hybrid search',
  buckets: SECONDS,
  registers,
});
const indexJobs = new Counter({
  name: 'clarify_index_jobs_total',
  help: 'Index runs that ended, by source and status',
  labelNames: ['source', 'status'] as const,
  registers,
});
const lastSuccess = new Gauge({
  name: 'clarify_source_last_success_timestamp_seconds',
  help: 'When each source was last indexed successfully (Unix time)',
  labelNames: ['source'] as const,
  registers,
});
const stale = new Gauge({
  name: 'clarify_source_stale',
  help: 'Whether a source is stale: its last success is older than twice its schedule (1)',
  labelNames: ['source'] as const,
  registers,
});

/** What the apps and the indexer report; each call updates the series. */
export const metrics = {
  /** A reply core gave (its decision, its stages, its LLM tokens), on a platform. */
  reply(platform: string, reply: Reply): void {
    questions.inc({ platform, decision: reply.kind });
    questionSeconds.observe({ platform }, reply.trace.totalMs / 1000);
    for (const stage of reply.trace.stages) {
      stageSeconds.observe({ stage: stage.name }, stage.durationMs / 1000);
    }
  },
  /** A question that got no reply but a failure notice. */
  failed(platform: string): void {
    questions.inc({ platform, decision: 'failed' });
  },
  llmCall(outcome: 'ok' | 'failed', usage?: { promptTokens: number; completionTokens: number }) {
    llmCalls.inc({ outcome });
    if (usage) {
      llmTokens.inc({ kind: 'prompt' }, usage.promptTokens);
      llmTokens.inc({ kind: 'completion' }, usage.completionTokens);
    }
  },
  circuit(state: 'closed' | 'open' | 'half-open'): void {
    llmCircuit.set(state === 'open' ? 1 : state === 'half-open' ? 0.5 : 0);
  },
  retrieval(seconds: number): void {
    retrievalSeconds.observe(seconds);
  },
  indexJob(job: Pick<IndexJob, 'sourceId' | 'status'>): void {
    indexJobs.inc({ source: job.sourceId, status: job.status });
  },
  /** Each source's freshness, as of `now` (read at every scrape). */
  freshness(sources: readonly SourceSummary[], now: Date = new Date()): void {
    lastSuccess.reset();
    stale.reset();
    for (const source of sources) {
      if (source.lastIndexedAt) {
        lastSuccess.set({ source: source.id }, source.lastIndexedAt.getTime() / 1000);
      }
      stale.set({ source: source.id }, isStale(source.schedule, source.lastIndexedAt, now) ? 1 : 0);
    }
  },
};
