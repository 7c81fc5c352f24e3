import type { App } from '@slack/bolt';
import type { ConversationLayer } from '@clarify/chat';
import { slackConversation } from '../slack-platform';
import type { BotIdentity } from './thread-history';
import { mentionsBot, questionText } from './question-text';

const QUESTION_SUBTYPES: ReadonlySet<string> = new Set(['thread_broadcast', 'file_share']);

/** A Slack message the bot may answer. */
type SlackQuestion = {
  teamId: string;
  channel: string;
  user: string;
  text: string;
  ts: string;
  /** The thread the message is in; undefined for a top-level message. */
  threadTs: string | undefined;
  isDirect: boolean;
};

/**
 * Mentions in channels and threads, direct messages, and follow-ups in threads the bot has
 * answered in (without a new mention). Bolt acknowledges events before these run; the layer
 * tracks the work so the app can drain it on shutdown.
 */
export function registerEvents(app: App, layer: ConversationLayer, bot: BotIdentity): void {
  const question = (message: SlackQuestion) => ({
    conversation: slackConversation({
      teamId: message.teamId,
      channel: message.channel,
      threadTs: message.threadTs ?? message.ts,
      isDirect: message.isDirect,
    }),
    userId: message.user,
    text: questionText(message.text, bot.userId),
    messageId: message.ts,
    eventKey: `message:${message.teamId}:${message.channel}:${message.ts}`,
    inThread: message.threadTs !== undefined,
  });

  app.event('app_mention', ({ event, body }) => {
    if (event.bot_id !== undefined || event.user === undefined) return Promise.resolve();
    void layer.answer(
      question({
        teamId: teamOf(body, event),
        channel: event.channel,
        user: event.user,
        text: event.text,
        ts: event.ts,
        threadTs: event.thread_ts,
        isDirect: false,
      }),
    );
    return Promise.resolve();
  });

  app.event('message', ({ event, body }) => {
    // Edits, deletions, joins and bots (this one included) are not questions; a reply also sent
    // to the channel and a message with a file are.
    const subtype = event.subtype as string | undefined;
    if (subtype !== undefined && !QUESTION_SUBTYPES.has(subtype)) return Promise.resolve();
    if ('bot_id' in event && event.bot_id !== undefined) return Promise.resolve();
    if (!('user' in event) || typeof event.user !== 'string' || event.user === bot.userId) {
      return Promise.resolve();
    }
    const message: SlackQuestion = {
      teamId: teamOf(body, event),
      channel: event.channel,
      user: event.user,
      text: 'text' in event && typeof event.text === 'string' ? event.text : '',
      ts: event.ts,
      threadTs: 'thread_ts' in event ? event.thread_ts : undefined,
      isDirect: event.channel_type === 'im',
    };
    if (message.isDirect) void layer.answer(question(message));
    // In a channel, a mention is answered through its app_mention event.
    else if (message.threadTs !== undefined && !mentionsBot(message.text, bot.userId)) {
      void layer.answerFollowUp(question(message));
    }
    return Promise.resolve();
  });
}

/** The workspace the app is installed in (the envelope's), else the event's own team. */
function teamOf(body: unknown, event: unknown): string {
  const fromBody = (body as { team_id?: unknown }).team_id;
  if (typeof fromBody === 'string') return fromBody;
  const fromEvent = (event as { team?: unknown }).team;
  return typeof fromEvent === 'string' ? fromEvent : 'unknown';
}
