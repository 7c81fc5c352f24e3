import type { ChatUsage, StructuredCompletion } from '@clarify/core';
import { addUsage } from '../chat/to-chat-usage';

export type WaveCosts = { llmCalls: number; llmRounds: number; usage: ChatUsage };

/**
 * What structured calls sent at once cost: every request (retries included), and as rounds the
 * longest chain among them: a reply retried for malformed output waited for its first attempt.
 * No calls, no rounds.
 */
export function waveCosts(completions: readonly StructuredCompletion<unknown>[]): WaveCosts {
  return {
    llmCalls: completions.reduce((sum, completion) => sum + completion.calls, 0),
    llmRounds: completions.reduce((longest, completion) => Math.max(longest, completion.calls), 0),
    usage: completions.reduce<ChatUsage>((sum, completion) => addUsage(sum, completion.usage), {
      promptTokens: 0,
      completionTokens: 0,
    }),
  };
}
