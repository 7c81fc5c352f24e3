import type { StageTracer } from '../interpretation-strategy';
import type { StageCosts, Trace, TraceStage } from '../trace';

/** Collects the stages of one `ask` or `choose` into a Trace. */
export function createTraceRecorder(now: () => number = () => performance.now()) {
  const started = now();
  const stages: TraceStage[] = [];

  /** Runs a stage, timing it; `describe` turns its result into costs and detail for the trace. */
  async function stage<T>(
    name: string,
    run: () => Promise<T>,
    describe: (result: T) => StageCosts & { detail?: Record<string, unknown> } = () => ({}),
  ): Promise<T> {
    const startedAt = now();
    const result = await run();
    const costs = describe(result);
    const { llmCalls = 0, usage, retrievalCalls = 0, detail = {} } = costs;
    const llmRounds = costs.llmRounds ?? (llmCalls > 0 ? 1 : 0);
    stages.push({
      name,
      startedAtMs: startedAt - started,
      durationMs: now() - startedAt,
      llmCalls,
      llmRounds,
      usage: usage ?? { promptTokens: 0, completionTokens: 0 },
      retrievalCalls,
      detail,
    });
    return result;
  }

  function finish(): Trace {
    return {
      stages,
      llmCalls: sum(stages, (stage) => stage.llmCalls),
      llmRounds: sum(stages, (stage) => stage.llmRounds),
      promptTokens: sum(stages, (stage) => stage.usage.promptTokens),
      completionTokens: sum(stages, (stage) => stage.usage.completionTokens),
      retrievalCalls: sum(stages, (stage) => stage.retrievalCalls),
      totalMs: now() - started,
    };
  }

  const tracer: StageTracer = { stage };
  return { stage, finish, tracer };
}

export type TraceRecorder = ReturnType<typeof createTraceRecorder>;

function sum(stages: readonly TraceStage[], value: (stage: TraceStage) => number): number {
  return stages.reduce((total, stage) => total + value(stage), 0);
}
