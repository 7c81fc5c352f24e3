import type { Reply } from '@clarify/core';
import type { KnownBlock } from './block-kit';
import { buttonElement } from './block-kit';
import { actionIds, encodeFeedback } from './action-ids';
import type { MessagePart } from './pack-messages';
import { packMessages } from './pack-messages';
import { citationBlocks, noteBlocks, textSections } from './reply-blocks';

export type AnswerReply = Extract<Reply, { kind: 'answer' }>;
export type NoAnswerReply = Extract<Reply, { kind: 'no-answer' }>;

export const emptyAnswerText = '(empty answer)';
export const emptyNoAnswerText = '(no answer)';

function feedbackPart(answerId: string): MessagePart {
  const value = encodeFeedback(answerId);
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
 * text), the sources, and 👍 / 👎 buttons at the end of the last message when `answerId` is set.
 */
export function renderAnswer(reply: AnswerReply, answerId?: string): KnownBlock[][] {
  return packMessages({
    lead: noteBlocks(reply),
    parts: onePerPart([
      ...textSections(reply.text, emptyAnswerText),
      ...citationBlocks(reply.citations, 'Sources'),
    ]),
    ...(answerId !== undefined && { tail: feedbackPart(answerId) }),
    actionsBlockPrefix: 'feedback_actions_',
  });
}

/** A no-answer's messages: the note, the text, and the nearest passages as links. */
export function renderNoAnswer(reply: NoAnswerReply): KnownBlock[][] {
  return packMessages({
    lead: noteBlocks(reply),
    parts: onePerPart([
      ...textSections(reply.text, emptyNoAnswerText),
      ...citationBlocks(reply.nearest, 'Closest matches'),
    ]),
    actionsBlockPrefix: 'feedback_actions_',
  });
}
