import { ClarifyError } from '@clarify/core';
import type { ActionsBlock, ButtonElement, KnownBlock } from './block-kit';
import { blockTextLength } from './block-kit';
import { slackLimits } from './slack-limits';

/** Blocks that stay in one message, and the buttons that go in that message's actions. */
export type MessagePart = { blocks: KnownBlock[]; buttons?: ButtonElement[] };

export type PackMessagesOptions = {
  /** Blocks that open the first message. */
  lead: KnownBlock[];
  /** The content, in order, spread over as many messages as the limits require. */
  parts: MessagePart[];
  /** What closes the last message (e.g. feedback or "None of these" buttons). */
  tail?: MessagePart;
  /** block_id prefix of the actions blocks; they are numbered across messages from 0. */
  actionsBlockPrefix: string;
};

type Draft = { blocks: KnownBlock[]; buttons: ButtonElement[] };

function buttonTextLength(buttons: readonly ButtonElement[]): number {
  return buttons.reduce((sum, button) => sum + button.text.text.length, 0);
}

function fits(draft: Draft, part: MessagePart): boolean {
  const blocks = [...draft.blocks, ...part.blocks];
  const buttons = [...draft.buttons, ...(part.buttons ?? [])];
  const blockCount = blocks.length + Math.ceil(buttons.length / slackLimits.actionsElements);
  const textLength =
    blocks.reduce((sum, block) => sum + blockTextLength(block), 0) + buttonTextLength(buttons);
  return blockCount <= slackLimits.blocksPerMessage && textLength <= slackLimits.messageBlockText;
}

function isEmpty(draft: Draft): boolean {
  return draft.blocks.length === 0 && draft.buttons.length === 0;
}

/**
 * Blocks for as many messages as it takes to keep each within 50 blocks and the text budget:
 * parts fill a message in order, and each message ends with actions blocks (25 buttons each)
 * for the buttons of the parts it shows.
 */
export function packMessages(options: PackMessagesOptions): KnownBlock[][] {
  const drafts: Draft[] = [];
  let current: Draft = { blocks: [...options.lead], buttons: [] };
  const add = (part: MessagePart) => {
    if (!fits(current, part) && !isEmpty(current)) {
      drafts.push(current);
      current = { blocks: [], buttons: [] };
    }
    if (!fits(current, part)) {
      throw new ClarifyError('invalid_input', 'A part of a reply is too large for one message');
    }
    current.blocks.push(...part.blocks);
    current.buttons.push(...(part.buttons ?? []));
  };
  options.parts.forEach(add);
  if (options.tail) add(options.tail);
  if (!isEmpty(current)) drafts.push(current);

  let actionsIndex = 0;
  return drafts.map((draft) => {
    const actions: ActionsBlock[] = [];
    for (let start = 0; start < draft.buttons.length; start += slackLimits.actionsElements) {
      actions.push({
        type: 'actions',
        block_id: `${options.actionsBlockPrefix}${actionsIndex++}`,
        elements: draft.buttons.slice(start, start + slackLimits.actionsElements),
      });
    }
    return [...draft.blocks, ...actions];
  });
}
