import type { App } from '@slack/bolt';
import type { SlackContext } from '../slack-context';
import { threadKey } from '../slack-context';
import { answerQuestion, type QuestionMessage } from './answer-question';
import { mentionsBot } from './question-text';

type Track = (work: Promise<void>) => void;

const QUESTION_SUBTYPES: ReadonlySet<string> = new Set(['thread_broadcast', 'file_share']);

/** How many stored turns are read to tell whether the bot has spoken in a thread. */
const PARTICIPATION_TURNS = 100;

/**
 * Mentions in channels and threads, direct messages, and follow-ups in threads the bot has
 * answered in (without a new mention). Bolt acknowledges events before these run; the work is
 * tracked so the app can drain it on shutdown.
 */
export function registerEvents(app: App, context: SlackContext, track: Track): void {
  app.event('app_mention', ({ event, body }) => {
    if (event.bot_id !== undefined || event.user === undefined) return Promise.resolve();
    track(
      answerQuestion(context, {
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
    if (!('user' in event) || typeof event.user !== 'string' || event.user === context.bot.userId) {
      return Promise.resolve();
    }
    const message: QuestionMessage = {
      teamId: teamOf(body, event),
      channel: event.channel,
      user: event.user,
      text: 'text' in event && typeof event.text === 'string' ? event.text : '',
      ts: event.ts,
      threadTs: 'thread_ts' in event ? event.thread_ts : undefined,
      isDirect: event.channel_type === 'im',
    };
    track(answerIfAddressed(context, message));
    return Promise.resolve();
  });
}

async function answerIfAddressed(context: SlackContext, message: QuestionMessage): Promise<void> {
  if (message.isDirect) return answerQuestion(context, message);
  // In a channel, a mention is answered through its app_mention event.
  if (message.threadTs === undefined || mentionsBot(message.text, context.bot.userId)) return;
  const thread = threadKey(message.teamId, message.channel, message.threadTs);
  try {
    const turns = await context.conversations.recent(thread, PARTICIPATION_TURNS);
    if (!turns.some((turn) => turn.role === 'assistant')) return;
  } catch (error) {
    context.logger.warn({ err: error }, 'could not tell whether the bot is in this thread');
    return;
  }
  await answerQuestion(context, message);
}

/** The workspace the app is installed in (the envelope's), else the event's own team. */
function teamOf(body: unknown, event: unknown): string {
  const fromBody = (body as { team_id?: unknown }).team_id;
  if (typeof fromBody === 'string') return fromBody;
  const fromEvent = (event as { team?: unknown }).team;
  return typeof fromEvent === 'string' ? fromEvent : 'unknown';
}
