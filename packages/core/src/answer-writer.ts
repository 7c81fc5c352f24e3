import type { ChatUsage } from './chat-model';
import type { Citation, Interpretation } from './conversation';

export type WrittenAnswer = {
  /** The answer with [n] markers; every marker points into `citations` (1-based). */
  text: string;
  citations: Citation[];
  /** False when no sentence kept a valid citation: the caller must not present it as fact. */
  supported: boolean;
  llmCalls: number;
  /** Sequential LLM rounds among `llmCalls` (a plan, then parallel parts, is 2); 1 if absent. */
  llmRounds?: number;
  usage: ChatUsage;
};

/**
 * Pipeline stages 8 and 9: a cited answer for one interpretation, from its passages only, or
 * one section per interpretation ("answer all"). Citations are checked: a marker that points
 * to no given passage is removed.
 */
export interface AnswerWriter {
  write(input: {
    question: string;
    interpretation: Interpretation;
    signal?: AbortSignal;
  }): Promise<WrittenAnswer>;
  writeAll(input: {
    question: string;
    interpretations: readonly Interpretation[];
    signal?: AbortSignal;
  }): Promise<WrittenAnswer>;
}
