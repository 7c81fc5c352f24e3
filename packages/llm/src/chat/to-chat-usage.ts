import type { ChatUsage } from '@clarify/core';

/** What an OpenAI-compatible server reports as `usage`, if it reports it at all. */
export type ReportedUsage = { prompt_tokens?: unknown; completion_tokens?: unknown } | undefined;

/** Per-message overhead of the chat format (role and separators), in tokens, for estimates. */
const TOKENS_PER_MESSAGE = 4;

/**
 * A rough token count: about four characters per token, OpenAI's rule of thumb for English
 * text. Used only when a server omits `usage`; real tokenizers differ by ±25 % or more
 * (code, non-Latin scripts), so estimates suit budgets and traces, not billing.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * The call's usage: the server's `prompt_tokens` and `completion_tokens` when both are
 * non-negative integers, otherwise an estimate from the sent messages and the reply text
 * (`estimateTokens` per message plus a small per-message overhead).
 */
export function toChatUsage(
  reported: ReportedUsage,
  messages: readonly { content: string }[],
  reply: string,
): ChatUsage {
  const promptTokens = reported?.prompt_tokens;
  const completionTokens = reported?.completion_tokens;
  if (isTokenCount(promptTokens) && isTokenCount(completionTokens)) {
    return { promptTokens, completionTokens };
  }
  return {
    promptTokens: messages.reduce(
      (sum, message) => sum + TOKENS_PER_MESSAGE + estimateTokens(message.content),
      0,
    ),
    completionTokens: estimateTokens(reply),
  };
}

/** Usage of several calls added up. */
export function addUsage(first: ChatUsage, second: ChatUsage): ChatUsage {
  return {
    promptTokens: first.promptTokens + second.promptTokens,
    completionTokens: first.completionTokens + second.completionTokens,
  };
}

function isTokenCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
