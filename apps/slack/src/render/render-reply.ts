import type { Reply } from '@clarify/core';
import type { KnownBlock, SlackMessage } from './block-kit';
import { emptyAnswerText, emptyNoAnswerText, renderAnswer, renderNoAnswer } from './render-answer';
import { defaultClarifyPrompt, renderClarify } from './render-clarify';
import { fallbackTexts } from './reply-blocks';

export type { SlackMessage } from './block-kit';

export type RenderReplyOptions = {
  /** The stored answer's id; when set, an answer ends with 👍 / 👎 feedback buttons. */
  answerId?: string;
};

function renderBlocks(reply: Reply, options: RenderReplyOptions): KnownBlock[][] {
  switch (reply.kind) {
    case 'answer':
      return renderAnswer(reply, options.answerId);
    case 'clarify':
      return renderClarify(reply);
    case 'no-answer':
      return renderNoAnswer(reply);
  }
}

function summarySource(reply: Reply): string {
  return reply.kind === 'clarify' ? reply.prompt : reply.text;
}

const emptySummary: Record<Reply['kind'], string> = {
  answer: emptyAnswerText,
  clarify: defaultClarifyPrompt,
  'no-answer': emptyNoAnswerText,
};

/**
 * A reply as Slack messages, each within every Block Kit limit (RELIABILITY SL-6). The first
 * replaces the bot's "working…" placeholder; the others follow it in the thread. Every text
 * from documents or the LLM is escaped: the only links are those of http(s) citations.
 */
export function renderReply(reply: Reply, options: RenderReplyOptions = {}): SlackMessage[] {
  const messages = renderBlocks(reply, options);
  const texts = fallbackTexts(summarySource(reply), emptySummary[reply.kind], messages.length);
  return messages.map((blocks, index) => ({ text: texts[index] ?? '', blocks }));
}
