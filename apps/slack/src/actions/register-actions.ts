import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { clarifyActionPattern, feedbackActionPattern } from '../render';
import type { SlackContext } from '../slack-context';
import { chooseOption } from './choose-option';
import { recordFeedback } from './record-feedback';

type Track = (work: Promise<void>) => void;

/** Where a click happened, read from a `block_actions` payload. */
function clickPlace(body: BlockAction) {
  const message = body.message as
    { ts?: string; thread_ts?: string; blocks?: unknown[] } | undefined;
  const container = body.container as { channel_id?: string; message_ts?: string } | undefined;
  const channel = body.channel?.id ?? container?.channel_id;
  const messageTs = message?.ts ?? container?.message_ts;
  if (typeof channel !== 'string' || typeof messageTs !== 'string') return null;
  return {
    teamId: body.team?.id ?? 'unknown',
    channel,
    user: body.user.id,
    messageTs,
    threadTs: message?.thread_ts,
    blocks: message?.blocks ?? [],
  };
}

/**
 * Clarification buttons and 👍/👎: acknowledged first (SL-2: within 3 s whatever the LLM does),
 * then handled in the background.
 */
export function registerActions(app: App, context: SlackContext, track: Track): void {
  app.action<BlockAction<ButtonAction>>(clarifyActionPattern, async ({ ack, body, action }) => {
    await ack();
    const place = clickPlace(body);
    if (place === null) return;
    track(
      chooseOption(context, {
        ...place,
        threadTs: place.threadTs ?? place.messageTs,
        value: action.value ?? '',
      }),
    );
  });

  app.action<BlockAction<ButtonAction>>(feedbackActionPattern, async ({ ack, body, action }) => {
    await ack();
    const place = clickPlace(body);
    if (place === null) return;
    track(
      recordFeedback(context, {
        ...place,
        value: action.value ?? '',
        rating: action.action_id === 'feedback_up' ? 'up' : 'down',
      }),
    );
  });
}
