import { neutraliseBroadcasts } from './escape-mrkdwn';
import { slackLimits } from './slack-limits';
import { collapseWhitespace, truncateText } from './truncate-text';

/**
 * The few Block Kit shapes the renderer produces. `@slack/types` is not a direct dependency of
 * this app, so these are local, structurally compatible with its `KnownBlock` subset.
 */

export type PlainTextObject = { type: 'plain_text'; text: string; emoji?: boolean };

/** `verbatim: true` stops Slack from auto-linking bare URLs and parsing names in the text. */
export type MrkdwnObject = { type: 'mrkdwn'; text: string; verbatim?: boolean };

export type ButtonElement = {
  type: 'button';
  action_id: string;
  text: PlainTextObject;
  value: string;
  style?: 'primary' | 'danger';
};

export type SectionBlock = { type: 'section'; block_id?: string; text: MrkdwnObject };

export type ContextBlock = { type: 'context'; block_id?: string; elements: MrkdwnObject[] };

export type ActionsBlock = { type: 'actions'; block_id?: string; elements: ButtonElement[] };

export type KnownBlock = SectionBlock | ContextBlock | ActionsBlock;

/** One message to post (or to replace the "working…" placeholder with). */
export type SlackMessage = { text: string; blocks: KnownBlock[] };

/** mrkdwn that Slack shows as written: only explicit `<uri|label>` tokens become links. */
export function mrkdwn(text: string): MrkdwnObject {
  return { type: 'mrkdwn', text, verbatim: true };
}

export function sectionBlock(text: string): SectionBlock {
  return { type: 'section', text: mrkdwn(text) };
}

export function contextBlock(text: string): ContextBlock {
  return { type: 'context', elements: [mrkdwn(text)] };
}

/** The characters of a block that count towards a message's text budget. */
export function blockTextLength(block: KnownBlock): number {
  switch (block.type) {
    case 'section':
      return block.text.text.length;
    case 'context':
      return block.elements.reduce((sum, element) => sum + element.text.length, 0);
    case 'actions':
      return block.elements.reduce((sum, element) => sum + element.text.text.length, 0);
  }
}

/**
 * A button with a one-line label of at most 75 characters. plain_text is not parsed for
 * mentions or links; angle brackets are still swapped for look-alikes and `@here` and the
 * like neutralised, as a second guard.
 */
export function buttonElement(actionId: string, label: string, value: string): ButtonElement {
  const text = neutraliseBroadcasts(
    collapseWhitespace(label).replace(/</g, '‹').replace(/>/g, '›'),
  );
  return {
    type: 'button',
    action_id: actionId,
    text: { type: 'plain_text', text: truncateText(text, slackLimits.buttonText), emoji: true },
    value,
  };
}
