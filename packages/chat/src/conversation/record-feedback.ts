import type { Conversation } from '../chat-platform';
import type { ChatContext } from '../chat-context';
import { decodeFeedback } from '../view/button-values';
import { describeFailure } from './describe-failure';

/** A 👍 or 👎 on an answer. */
export type FeedbackClick = {
  conversation: Conversation;
  userId: string;
  /** The answer message the buttons are under. */
  messageId: string;
  /** The button's value, as `encodeFeedback` wrote it. */
  value: string;
  rating: 'up' | 'down';
};

export const FEEDBACK_THANKS = 'Thanks — your feedback is recorded.';
export const INVALID_FEEDBACK_TEXT = 'This button is no longer valid.';

/** A vote on an answer: one per person and answer (a changed vote replaces the first). */
export async function recordFeedback<M>(
  context: ChatContext<M>,
  click: FeedbackClick,
): Promise<void> {
  const answerId = decodeFeedback(click.value);
  let text = FEEDBACK_THANKS;
  if (answerId === null) {
    text = INVALID_FEEDBACK_TEXT;
  } else {
    try {
      await context.stores.feedback.record({
        platform: context.platform.name,
        workspaceId: click.conversation.workspaceId,
        channelId: click.conversation.channelId,
        messageId: click.messageId,
        answerId,
        userId: click.userId,
        rating: click.rating,
        createdAt: context.clock(),
      });
    } catch (error) {
      context.logger.error({ err: error }, 'could not record feedback');
      text = describeFailure(error);
    }
  }
  await context.platform.tell(click.conversation, click.userId, text);
}
