import { toReplyView, type ReplyView } from '@clarify/chat';
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

function renderBlocks(view: ReplyView): KnownBlock[][] {
  switch (view.kind) {
    case 'answer':
      return renderAnswer(view);
    case 'clarify':
      return renderClarify(view);
    case 'no-answer':
      return renderNoAnswer(view);
  }
}

const emptySummary: Record<ReplyView['kind'], string> = {
  answer: emptyAnswerText,
  clarify: defaultClarifyPrompt,
  'no-answer': emptyNoAnswerText,
};

/**
 * A reply view as Slack messages, each within every Block Kit limit (RELIABILITY SL-6). The
 * first replaces the bot's "working…" placeholder; the others follow it in the thread. Every
 * text from documents or the LLM is escaped: the only links are those of http(s) citations.
 */
export function renderView(view: ReplyView): SlackMessage[] {
  const messages = renderBlocks(view);
  const summary = view.kind === 'clarify' ? view.prompt : view.text;
  const texts = fallbackTexts(summary, emptySummary[view.kind], messages.length);
  return messages.map((blocks, index) => ({ text: texts[index] ?? '', blocks }));
}

/** Core's reply as Slack messages (`renderView` of its view). */
export function renderReply(reply: Reply, options: RenderReplyOptions = {}): SlackMessage[] {
  return renderView(toReplyView(reply, options));
}
