import type { Reply } from '@clarify/core';
import { renderReply } from '../render';
import {
  isWorkingText,
  noticeMessage,
  PLATFORM,
  scopeFor,
  threadKey,
  workingMessage,
  type SlackContext,
} from '../slack-context';
import { describeFailure } from './describe-failure';
import { questionText } from './question-text';
import { threadHistory } from './thread-history';

/** A message the bot should answer: a mention, a DM, or a follow-up in its thread. */
export type QuestionMessage = {
  teamId: string;
  channel: string;
  user: string;
  text: string;
  ts: string;
  /** The thread the message is in; undefined for a top-level message. */
  threadTs: string | undefined;
  isDirect: boolean;
};

const THREAD_READ_LIMIT = 50;

export const EMPTY_QUESTION_TEXT =
  'Ask me a question about our documents — for example "How many vacation days do I get?" — and I will answer with the sources.';

/**
 * Answers one message exactly once (SL-3: the first delivery claims it, redeliveries and the
 * second event of the same message do nothing): a "working…" placeholder in the thread at
 * once, the thread read from Slack, core's reply rendered into the placeholder. A failure
 * replaces the placeholder with a short reason; nothing ends in silence.
 */
export async function answerQuestion(
  context: SlackContext,
  message: QuestionMessage,
): Promise<void> {
  const { web, logger } = context;
  const log = logger.child({ team: message.teamId, channel: message.channel, ts: message.ts });
  const threadTs = message.threadTs ?? message.ts;
  let claimed: boolean;
  try {
    claimed = await context.events.claim({
      platform: PLATFORM,
      key: `message:${message.teamId}:${message.channel}:${message.ts}`,
    });
  } catch (error) {
    log.error({ err: error }, 'could not record the event; answering with the reason');
    await web.post({
      channel: message.channel,
      threadTs,
      ...noticeMessage(describeFailure(error), ':warning:'),
    });
    return;
  }
  if (!claimed) {
    log.debug('already answered (redelivery or second event of one message)');
    return;
  }
  const text = questionText(message.text, context.bot.userId);
  if (text === '') {
    await web.post({ channel: message.channel, threadTs, ...noticeMessage(EMPTY_QUESTION_TEXT) });
    return;
  }
  const placeholder = await web.post({ channel: message.channel, threadTs, ...workingMessage() });
  try {
    const reply = await context.answering(async () =>
      context.assistant.ask({
        thread: threadKey(message.teamId, message.channel, threadTs),
        userId: message.user,
        text,
        scope: scopeFor(context.config, message.channel, message.isDirect),
        ...(message.threadTs !== undefined && {
          history: await readThread(context, message, message.threadTs),
        }),
      }),
    );
    await deliverReply(
      context,
      { channel: message.channel, threadTs, placeholderTs: placeholder },
      reply,
    );
    log.info({ kind: reply.kind }, 'answered');
  } catch (error) {
    log.error({ err: error }, 'question failed');
    await replaceWithFailure(context, { channel: message.channel, ts: placeholder }, error);
  }
}

/** Renders a reply into the placeholder, and whatever does not fit into messages after it. */
export async function deliverReply(
  context: SlackContext,
  target: { channel: string; threadTs: string; placeholderTs: string },
  reply: Reply,
): Promise<void> {
  const messages = renderReply(reply, {
    ...(reply.kind === 'answer' && { answerId: context.newId() }),
  });
  const [first, ...rest] = messages;
  if (first === undefined) return;
  await context.web.update({ channel: target.channel, ts: target.placeholderTs, ...first });
  for (const message of rest) {
    await context.web.post({ channel: target.channel, threadTs: target.threadTs, ...message });
  }
}

export async function replaceWithFailure(
  context: SlackContext,
  target: { channel: string; ts: string },
  error: unknown,
): Promise<void> {
  try {
    await context.web.update({ ...target, ...noticeMessage(describeFailure(error), ':warning:') });
  } catch (updateError) {
    context.logger.error({ err: updateError }, 'could not show the failure either');
  }
}

/** The thread before the message, from Slack; the stored turns when Slack cannot be read. */
async function readThread(context: SlackContext, message: QuestionMessage, threadTs: string) {
  try {
    const messages = await context.web.threadMessages({
      channel: message.channel,
      threadTs,
      limit: THREAD_READ_LIMIT,
    });
    return threadHistory(messages, {
      beforeTs: message.ts,
      bot: context.bot,
      isPlaceholder: isWorkingText,
    });
  } catch (error) {
    context.logger.warn({ err: error }, 'could not read the thread; using the stored turns');
    return undefined;
  }
}
