import type { ChatUsage } from './chat-model';
import type { HistoryTurn } from './conversation';

export type RewriteInput = {
  /** The current message, platform markup already stripped. */
  message: string;
  /** The last turns of the thread, oldest first (the bot's answers and their citations included). */
  history: readonly HistoryTurn[];
  signal?: AbortSignal;
};

export type RewriteResult = {
  /** The standalone question (the message itself when nothing could be resolved). */
  text: string;
  rewritten: boolean;
  llmCalls: number;
  usage: ChatUsage;
};

/**
 * Pipeline stage 3: turns a message that depends on its thread into a standalone question,
 * resolving references and copying entity values (quoted strings, ids, versions) verbatim.
 */
export interface QueryRewriter {
  rewrite(input: RewriteInput): Promise<RewriteResult>;
}
