import type { ChatModel, QueryRewriter } from '@clarify/core';
import { checkRewrite } from './preserved-entities';
import { TOPIC_TURNS } from './rank-topics';
import { buildRewritePrompt } from './rewrite-prompt';

export type LlmQueryRewriterOptions = {
  chatModel: ChatModel;
  /** Upper bound on the rewrite's tokens (default 200). */
  maxTokens?: number;
};

const DEFAULT_MAX_TOKENS = 200;
const PREAMBLE =
  /^(?:(?:standalone|rewritten|rewrite|reformulated)\s*(?:question|query)?|question|query)\s*:\s*/i;

/**
 * The LLM stage 3: one completion over the last five turns and the assistant's cited titles
 * turns the message into a standalone question. The output is checked (non-empty, not much
 * longer than the message, every quoted string and ID-like token kept verbatim); a rewrite
 * that fails the check is dropped and the message kept (`rewritten: false`). Errors of the
 * chat model propagate: the caller falls back to the offline rewriter.
 */
export function createLlmQueryRewriter(options: LlmQueryRewriterOptions): QueryRewriter {
  const maxTokens = options.maxTokens ?? DEFAULT_MAX_TOKENS;
  return {
    async rewrite({ message, history, signal }) {
      const completion = await options.chatModel.complete({
        messages: buildRewritePrompt(message, history.slice(-TOPIC_TURNS)),
        maxTokens,
        temperature: 0,
        purpose: 'rewrite-query',
        signal,
      });
      const candidate = cleanRewrite(completion.text);
      const accepted = checkRewrite(message, candidate).ok;
      const rewritten = accepted && candidate !== message.trim();
      return {
        text: rewritten ? candidate : message,
        rewritten,
        llmCalls: 1,
        usage: completion.usage,
      };
    },
  };
}

/** Strips what models wrap an answer in: a "Standalone question:" label, quotes, extra spaces. */
export function cleanRewrite(output: string): string {
  let text = output.replace(/\s+/g, ' ').trim().replace(PREAMBLE, '');
  const wrapped = /^(["“'])(.*)(["”'])$/.exec(text);
  if (wrapped !== null && !/["“”]/.test(wrapped[2] ?? '')) text = wrapped[2] ?? text;
  return text.trim();
}
