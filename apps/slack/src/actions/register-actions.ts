import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import type { ConversationLayer } from '@clarify/chat';
import { clarifyActionPattern, feedbackActionPattern } from '../render';
import { slackConversation } from '../slack-platform';

/** Where a click happened, read from a `block_actions` payload. */
function clickPlace(body: BlockAction) {
  const message = body.message as
    { ts?: string; thread_ts?: string; blocks?: unknown[] } | undefined;
  const container = body.container as { channel_id?: string; message_ts?: string } | undefined;
  const channel = body.channel?.id ?? container?.channel_id;
  const messageTs = message?.ts ?? container?.message_ts;
  if (typeof channel !== 'string' || typeof messageTs !== 'string') return null;
  const conversation = slackConversation({
    teamId: body.team?.id ?? 'unknown',
    channel,
    threadTs: message?.thread_ts ?? messageTs,
    isDirect: channel.startsWith('D'),
  });
  return { conversation, userId: body.user.id, messageTs, blocks: message?.blocks ?? [] };
}

/**
 * Clarification buttons and 👍/👎: acknowledged first (SL-2: within 3 s whatever the LLM does),
 * then handled in the background by the conversation layer.
 */
export function registerActions(app: App, layer: ConversationLayer): void {
  app.action<BlockAction<ButtonAction>>(clarifyActionPattern, async ({ ack, body, action }) => {
    await ack();
    const place = clickPlace(body);
    if (place === null) return;
    void layer.choose({
      conversation: place.conversation,
      userId: place.userId,
      message: { messageId: place.messageTs, content: place.blocks },
      value: action.value ?? '',
    });
  });

  app.action<BlockAction<ButtonAction>>(feedbackActionPattern, async ({ ack, body, action }) => {
    await ack();
    const place = clickPlace(body);
    if (place === null) return;
    void layer.feedback({
      conversation: place.conversation,
      userId: place.userId,
      messageId: place.messageTs,
      value: action.value ?? '',
      rating: action.action_id === 'feedback_up' ? 'up' : 'down',
    });
  });
}
