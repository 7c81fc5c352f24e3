import type { ClickedMessage, ReplyRenderer } from '@clarify/chat';
import { WORKING_TEXT } from '@clarify/chat';
import { escapeMrkdwn, markChosen, renderView, type KnownBlock } from './render';
import { contextBlock, sectionBlock, type SlackMessage } from './render/block-kit';

/** The placeholder posted at once and replaced by the reply (SL-2's visible working state). */
export function workingMessage(text = WORKING_TEXT): SlackMessage {
  return { text, blocks: [contextBlock(`:hourglass_flowing_sand: ${text}`)] };
}

/** A short message of the app's own (a hint, a reason), escaped, with an optional emoji. */
export function noticeMessage(text: string, emoji?: string): SlackMessage {
  const shown = escapeMrkdwn(text);
  return { text, blocks: [sectionBlock(emoji ? `${emoji} ${shown}` : shown)] };
}

/** Slack's markup for the admin texts: `*bold*`, `` `code` ``. */
export const slackStyle = {
  bold: (text: string) => `*${text}*`,
  code: (text: string) => `\`${text}\``,
};

/** The conversation layer's views as Block Kit messages. */
export const slackRenderer: ReplyRenderer<SlackMessage> = {
  working: (text) => workingMessage(text),
  notice: (text, tone) => noticeMessage(text, tone === 'warning' ? ':warning:' : undefined),
  reply: renderView,
  chosen(clicked: ClickedMessage, chosen) {
    const blocks = Array.isArray(clicked.content) ? (clicked.content as KnownBlock[]) : [];
    return { text: `Chosen: ${chosen.label}`, blocks: markChosen(blocks, chosen) };
  },
  mention: (userId) => `<@${userId}>`,
  ...slackStyle,
};
