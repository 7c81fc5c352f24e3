import type { ChatUsage } from './chat-model';

/** One pipeline stage as it ran for a question. */
export type TraceStage = {
  name: string;
  startedAtMs: number;
  durationMs: number;
  llmCalls: number;
  /** LLM calls that had to wait for one another (parallel calls are one round). */
  llmRounds: number;
  usage: ChatUsage;
  retrievalCalls: number;
  /** Small, JSON-serialisable facts about the stage (inputs, outputs, decisions). */
  detail: Record<string, unknown>;
};

/** Everything that happened for one `ask` or `choose`: for logs, metrics, eval and "why?". */
export type Trace = {
  stages: TraceStage[];
  llmCalls: number;
  /** Sequential LLM rounds on the question's critical path. */
  llmRounds: number;
  promptTokens: number;
  completionTokens: number;
  retrievalCalls: number;
  totalMs: number;
};

/** What a stage spent, for its trace entry. */
export type StageCosts = {
  llmCalls?: number;
  /** Sequential rounds among the stage's calls; 1 when it made any call and says nothing. */
  llmRounds?: number;
  usage?: ChatUsage;
  retrievalCalls?: number;
};
