import { describeFailure } from '../events/describe-failure';
import { decodeFeedback } from '../render';
import { PLATFORM, type SlackContext } from '../slack-context';

export type FeedbackClick = {
  teamId: string;
  channel: string;
  user: string;
  /** The answer message the buttons are under. */
  messageTs: string;
  threadTs: string | undefined;
  value: string;
  rating: 'up' | 'down';
};

export const FEEDBACK_THANKS = 'Thanks — your feedback is recorded.';

/** A 👍/👎 on an answer: one vote per person and answer (a changed vote replaces the first). */
export async function recordFeedback(context: SlackContext, click: FeedbackClick): Promise<void> {
  const answerId = decodeFeedback(click.value);
  let text = FEEDBACK_THANKS;
  if (answerId === null) {
    text = 'This button is no longer valid.';
  } else {
    try {
      await context.feedback.record({
        platform: PLATFORM,
        workspaceId: click.teamId,
        channelId: click.channel,
        messageId: click.messageTs,
        answerId,
        userId: click.user,
        rating: click.rating,
        createdAt: context.clock(),
      });
    } catch (error) {
      context.logger.error({ err: error }, 'could not record feedback');
      text = describeFailure(error);
    }
  }
  await context.web.postEphemeral({
    channel: click.channel,
    user: click.user,
    ...(click.threadTs && { threadTs: click.threadTs }),
    text,
  });
}
