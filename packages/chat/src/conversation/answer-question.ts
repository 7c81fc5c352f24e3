import type { HistoryTurn, Reply } from '@clarify/core';
import type { Conversation } from '../chat-platform';
import { scopeFor, threadKey, WORKING_TEXT, type ChatContext, type Logger } from '../chat-context';
import { toReplyView } from '../view/reply-view';
import { describeFailure } from './describe-failure';
import { FAILED_QUESTION, questionOutcome, recordQuestion } from './record-question';
import { withStoredAnswers } from './with-stored-answers';

/** A message the bot should answer, its text already as a reader sees it. */
export type IncomingQuestion = {
  conversation: Conversation;
  userId: string;
  /** Platform markup turned into words, the bot's mention removed. */
  text: string;
  /** The message's platform id (history is read from before it). */
  messageId: string;
  /** Unique per message on the platform, for dedupe of redelivered events. */
  eventKey: string;
  /** The message is in a thread with earlier messages (its history is read). */
  inThread: boolean;
};

export const EMPTY_QUESTION_TEXT =
  'Ask me a question about our documents — for example "How many vacation days do I get?" — and I will answer with the sources.';

/**
 * Answers one message exactly once (SL-3: the first delivery claims it, redeliveries and a
 * second event of the same message do nothing): a "working…" placeholder at once (with the
 * queue ahead of it under load), the thread read, core's reply rendered into the placeholder.
 * A failure replaces the placeholder with a short reason; nothing ends in silence. Once the
 * reply is out, the question and its decision go to the question log.
 */
export async function answerQuestion<M>(
  context: ChatContext<M>,
  question: IncomingQuestion,
): Promise<void> {
  const { conversation } = question;
  const log = context.logger.child({
    channel: conversation.channelId,
    message: question.messageId,
  });
  const placed = context.placing.enter();
  try {
    // Acknowledgements in flight go first: the platforms' deadline is theirs.
    await context.receiving.clear();
    await answerPlaced(context, question, log, placed);
  } finally {
    placed();
  }
}

async function answerPlaced<M>(
  context: ChatContext<M>,
  question: IncomingQuestion,
  log: Logger,
  placed: () => void,
): Promise<void> {
  const { platform, renderer } = context;
  const { conversation } = question;
  let claimed: boolean;
  try {
    claimed = await context.stores.events.claim({
      platform: platform.name,
      key: question.eventKey,
    });
  } catch (error) {
    log.error({ err: error }, 'could not record the event; answering with the reason');
    await platform.post(conversation, renderer.notice(describeFailure(error), 'warning'));
    return;
  }
  if (!claimed) {
    log.debug('already answered (redelivery or second event of one message)');
    return;
  }
  const receivedAt = context.clock();
  if (question.text === '') {
    await platform.post(conversation, renderer.notice(EMPTY_QUESTION_TEXT, 'info'));
    return;
  }
  // The question takes its place in the queue as its placeholder goes up, so the next one
  // counts it; the answering starts once the placeholder is shown.
  const posted = platform.post(conversation, renderer.working(workingText(context.queue.ahead())));
  const answered = context.queue.run(queueKey(conversation), async () => {
    await posted;
    // Every ack and placeholder on its way goes first, before answers take the loop and the
    // database.
    await context.receiving.clear();
    await context.placing.clear();
    // Under the placeholder, "typing…" while this answer is worked out (where the platform has it).
    void platform.typing?.(conversation).catch(() => undefined);
    return context.assistant.ask({
      thread: threadKey(platform.name, conversation),
      userId: question.userId,
      text: question.text,
      scope: scopeFor(context.config, conversation),
      ...(question.inThread && { history: await readThread(context, question, log) }),
    });
  });
  let placeholder: string;
  try {
    placeholder = await posted;
  } catch (error) {
    answered.catch(() => undefined);
    placed();
    await recordQuestion(context, log, { question, receivedAt, outcome: FAILED_QUESTION });
    throw error;
  } finally {
    placed();
  }
  let outcome = FAILED_QUESTION;
  try {
    const reply = await answered;
    await deliverReply(context, conversation, placeholder, reply, {
      userId: question.userId,
      question: reply.kind === 'no-answer' ? question.text : (reply.interpretedAs ?? question.text),
      reading: null,
    });
    log.info({ kind: reply.kind }, 'answered');
    outcome = questionOutcome(reply);
  } catch (error) {
    log.error({ err: error }, 'question failed');
    await replaceWithFailure(context, conversation, placeholder, error);
  }
  await recordQuestion(context, log, { question, receivedAt, outcome });
}

/** "Looking through the documents…", with the questions ahead when there is a queue. */
export function workingText(ahead: number): string {
  if (ahead <= 0) return WORKING_TEXT;
  return `${WORKING_TEXT} (${ahead} ${ahead === 1 ? 'question' : 'questions'} ahead of yours)`;
}

/** What an answer answered: who asked, the question as understood, the reading chosen. */
export type Answered = { userId: string; question: string; reading: string | null };

/**
 * Renders a reply into the placeholder, and whatever does not fit into messages after it. An
 * answer takes votes: what it answered is remembered under its id, so a 👎 names a question.
 */
export async function deliverReply<M>(
  context: ChatContext<M>,
  conversation: Conversation,
  placeholder: string,
  reply: Reply,
  answered: Answered,
): Promise<void> {
  const answerId = reply.kind === 'answer' ? context.newId() : undefined;
  const view = toReplyView(reply, answerId === undefined ? {} : { answerId });
  const [first, ...rest] = context.renderer.reply(view);
  if (first === undefined) return;
  await context.platform.update(conversation, placeholder, first);
  for (const message of rest) await context.platform.post(conversation, message);
  if (answerId !== undefined) await rememberAnswer(context, conversation, answerId, answered);
}

async function rememberAnswer<M>(
  context: ChatContext<M>,
  conversation: Conversation,
  answerId: string,
  answered: Answered,
): Promise<void> {
  try {
    await context.stores.questions.answered({
      ...threadKey(context.platform.name, conversation),
      answerId,
      ...answered,
      createdAt: context.clock(),
    });
  } catch (error) {
    // The answer is out; its votes will only lack their question. No text in the log line.
    context.logger.warn(
      { error: error instanceof Error ? error.name : typeof error },
      'could not remember what an answer answered',
    );
  }
}

export async function replaceWithFailure<M>(
  context: ChatContext<M>,
  conversation: Conversation,
  placeholder: string,
  error: unknown,
): Promise<void> {
  try {
    await context.platform.update(
      conversation,
      placeholder,
      context.renderer.notice(describeFailure(error), 'warning'),
    );
  } catch (updateError) {
    context.logger.error({ err: updateError }, 'could not show the failure either');
  }
}

/** Stored turns read to restore the bot's own messages in a platform's thread. */
const STORED_TURNS = 50;

/**
 * The thread before the message: the platform's messages, the bot's own as they were stored
 * (full text and citations); the stored turns alone when the platform cannot say.
 */
async function readThread<M>(
  context: ChatContext<M>,
  question: IncomingQuestion,
  log: Logger,
): Promise<HistoryTurn[] | undefined> {
  try {
    const [platformTurns, stored] = await Promise.all([
      context.platform.threadHistory(question.conversation, question.messageId),
      context.stores.conversations.recent(
        threadKey(context.platform.name, question.conversation),
        STORED_TURNS,
      ),
    ]);
    return platformTurns && withStoredAnswers(platformTurns, stored);
  } catch (error) {
    log.warn({ err: error }, 'could not read the thread; using the stored turns');
    return undefined;
  }
}

/** Work of one thread runs in order. */
export function queueKey(conversation: Conversation): string {
  return `${conversation.workspaceId}\u0000${conversation.channelId}\u0000${conversation.threadId}`;
}
