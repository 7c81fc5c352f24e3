import type { ReplyView } from '@clarify/chat';
import type { KnownBlock } from './block-kit';
import { buttonElement } from './block-kit';
import { actionIds } from './action-ids';
import type { MessagePart } from './pack-messages';
import { packMessages } from './pack-messages';
import { citationBlocks, noteBlocks, textSections } from './reply-blocks';

export type AnswerView = Extract<ReplyView, { kind: 'answer' }>;
export type NoAnswerView = Extract<ReplyView, { kind: 'no-answer' }>;

export const emptyAnswerText = '(empty answer)';
export const emptyNoAnswerText = '(no answer)';

function feedbackPart(value: string): MessagePart {
  return {
    blocks: [],
    buttons: [
      buttonElement(actionIds.feedbackUp, '👍', value),
      buttonElement(actionIds.feedbackDown, '👎', value),
    ],
  };
}

function onePerPart(blocks: readonly KnownBlock[]): MessagePart[] {
  return blocks.map((block) => ({ blocks: [block] }));
}

/**
 * An answer's messages: "Interpreted as" and note, the escaped text (`[n]` markers kept as
 * text), the sources, and 👍 / 👎 buttons at the end of the last message when votes are taken.
 */
export function renderAnswer(view: AnswerView): KnownBlock[][] {
  return packMessages({
    lead: noteBlocks(view),
    parts: onePerPart([
      ...textSections(view.text, emptyAnswerText),
      ...citationBlocks(view.citations, 'Sources'),
    ]),
    ...(view.feedback !== undefined && { tail: feedbackPart(view.feedback) }),
    actionsBlockPrefix: 'feedback_actions_',
  });
}

/** A no-answer's messages: the note, the text, and the nearest passages as links. */
export function renderNoAnswer(view: NoAnswerView): KnownBlock[][] {
  return packMessages({
    lead: noteBlocks(view),
    parts: onePerPart([
      ...textSections(view.text, emptyNoAnswerText),
      ...citationBlocks(view.nearest, 'Closest matches'),
    ]),
    actionsBlockPrefix: 'feedback_actions_',
  });
}
