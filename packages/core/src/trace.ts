import type { ChatUsage } from './chat-model';

/** One pipeline stage as it ran for a question. */
export type TraceStage = {
  name: string;
  startedAtMs: number;
  durationMs: number;
  llmCalls: number;
  usage: ChatUsage;
  retrievalCalls: number;
  /** Small, JSON-serialisable facts about the stage (inputs, outputs, decisions). */
  detail: Record<string, unknown>;
};

/** Everything that happened for one `ask` or `choose`: for logs, metrics, eval and "why?". */
export type Trace = {
  stages: TraceStage[];
  llmCalls: number;
  promptTokens: number;
  completionTokens: number;
  retrievalCalls: number;
  totalMs: number;
};
