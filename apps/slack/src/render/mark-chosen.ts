import type { KnownBlock } from './block-kit';
import { blockTextLength, contextBlock } from './block-kit';
import { clarifyActionsBlockPrefix } from './action-ids';
import { escapeMrkdwn } from './escape-mrkdwn';
import { slackLimits } from './slack-limits';
import { collapseWhitespace, truncateText } from './truncate-text';

export type ChosenOption = {
  /** An option id, 'all' or 'none'. */
  optionId: string;
  /** The Slack user who chose. */
  userId: string;
  /** The chosen option's interpretation (ignored for 'all' and 'none'). */
  label: string;
};

const slackUserId = /^[UW][A-Z0-9]{2,}$/;
const maxLabelLength = 300;

function isClarifyActions(block: KnownBlock): boolean {
  return block.type === 'actions' && (block.block_id ?? '').startsWith(clarifyActionsBlockPrefix);
}

function chosenLabel(choice: ChosenOption): string {
  if (choice.optionId === 'all') return 'answer all';
  if (choice.optionId === 'none') return 'none of these';
  return collapseWhitespace(choice.label) || `option ${choice.optionId}`;
}

/** "✅ <@U…> chose *label*"; a user id that is not one is written as escaped text. */
export function choiceLine(choice: ChosenOption): string {
  const who = slackUserId.test(choice.userId)
    ? `<@${choice.userId}>`
    : escapeMrkdwn(collapseWhitespace(choice.userId)) || 'Someone';
  const label = truncateText(escapeMrkdwn(chosenLabel(choice)), maxLabelLength);
  return truncateText(`✅ ${who} chose *${label}*`, slackLimits.contextElementText);
}

/**
 * A clarify message's blocks once an option is chosen: its clarify buttons removed (so it
 * cannot be chosen again from here) and a line saying who chose what appended. Blocks are
 * dropped from the end if the message would otherwise exceed the block or text limits.
 */
export function markChosen(blocks: readonly KnownBlock[], choice: ChosenOption): KnownBlock[] {
  const kept = blocks.filter((block) => !isClarifyActions(block));
  const line = contextBlock(choiceLine(choice));
  const budget = slackLimits.messageBlockText - blockTextLength(line);
  let textLength = kept.reduce((sum, block) => sum + blockTextLength(block), 0);
  while (kept.length >= slackLimits.blocksPerMessage || textLength > budget) {
    const dropped = kept.pop();
    if (!dropped) break;
    textLength -= blockTextLength(dropped);
  }
  return [...kept, line];
}
