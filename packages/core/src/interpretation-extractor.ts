import type { ChatUsage } from './chat-model';
import type { InterpretationCandidate } from './conversation';
import type { Passage } from './passage';

export type ExtractionInput = {
  question: string;
  /** The retrieved passages, best first; each may yield one candidate or an abstention. */
  passages: readonly Passage[];
  signal?: AbortSignal;
};

export type ExtractionResult = {
  /** One candidate per passage that fully answers some reading of the question. */
  candidates: InterpretationCandidate[];
  /** Passages that abstained (no answer in them, a timeout or malformed output). */
  abstained: number;
  llmCalls: number;
  usage: ChatUsage;
  /**
   * True when differently worded interpretations are different readings by construction (the
   * offline extractor labels each by its document or section; it never paraphrases): then
   * consolidation filters noise but never merges two of them.
   */
  labelled?: boolean;
};

/**
 * Pipeline stage 5 (diversify + verify): for each passage, the one interpretation of the
 * question it fully answers and the answer from that passage only, or an abstention.
 */
export interface InterpretationExtractor {
  extract(input: ExtractionInput): Promise<ExtractionResult>;
}
