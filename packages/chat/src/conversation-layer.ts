import type { Conversation } from './chat-platform';
import { threadKey, type ChatContext } from './chat-context';
import { runAdminCommand, type AdminCommand, type Respond } from './admin/run-admin-command';
import { answerQuestion, type IncomingQuestion } from './conversation/answer-question';
import { chooseOption, type OptionClick } from './conversation/choose-option';
import { recordFeedback, type FeedbackClick } from './conversation/record-feedback';
import { createGate } from './conversation/gate';
import { createWorkQueue } from './conversation/work-queue';

export type ConversationLayerOptions<M> = Omit<
  ChatContext<M>,
  'clock' | 'newId' | 'queue' | 'receiving' | 'placing'
> & {
  clock?: () => Date;
  newId?: () => string;
};

/** What an adapter calls once it has parsed an event; each resolves when the work is done. */
export type ConversationLayer = {
  /**
   * A platform request arrived; call the returned function once it is answered. Work waits
   * while requests are being acknowledged (at most half a second), so acks meet the platforms'
   * deadlines under a burst. Adapters call it from their HTTP server, for every request.
   */
  receiving: () => () => void;
  answer(question: IncomingQuestion): Promise<void>;
  choose(click: OptionClick): Promise<void>;
  feedback(click: FeedbackClick): Promise<void>;
  admin(command: AdminCommand, respond: Respond): Promise<void>;
  /**
   * Answers a message that does not address the bot only when the bot has answered in its
   * thread already (a follow-up needs no mention there).
   */
  answerFollowUp(question: IncomingQuestion): Promise<void>;
  /** Resolves when every piece of work received so far is done. */
  idle(): Promise<void>;
  /** Stops the periodic pruning and waits for the work in flight. */
  stop(): Promise<void>;
};

/** How long an event key is kept: platforms redeliver within minutes, never after a day. */
export const EVENT_KEY_RETENTION_MS = 24 * 60 * 60 * 1000;
/** The longest work waits for acknowledgements in flight (a steady stream never starves it). */
const RECEIVING_MAX_WAIT_MS = 500;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** How many stored turns are read to tell whether the bot has spoken in a thread. */
const PARTICIPATION_TURNS = 100;

/**
 * The conversation layer every chat platform shares: dedupe, per-thread order and bounded
 * concurrency, the question, choice and feedback flows, and the admin commands. Adapters
 * parse their platform's events into its calls and render its views.
 */
export async function createConversationLayer<M>(
  options: ConversationLayerOptions<M>,
): Promise<ConversationLayer> {
  const context: ChatContext<M> = {
    platform: options.platform,
    renderer: options.renderer,
    assistant: options.assistant,
    stores: options.stores,
    admin: options.admin,
    config: options.config,
    logger: options.logger,
    clock: options.clock ?? (() => new Date()),
    newId: options.newId ?? (() => globalThis.crypto.randomUUID()),
    queue: createWorkQueue(options.config.concurrency),
    receiving: createGate({ maxWaitMs: RECEIVING_MAX_WAIT_MS, quietMs: 0 }),
    placing: createGate(),
  };
  const inFlight = new Set<Promise<void>>();
  const track = (work: Promise<void>): Promise<void> => {
    const settled = work.catch((error: unknown) =>
      context.logger.error({ err: error }, 'handler failed'),
    );
    inFlight.add(settled);
    void settled.finally(() => inFlight.delete(settled));
    return settled;
  };
  const pruning = await prunePeriodically(context);
  const idle = async () => {
    while (inFlight.size > 0) await Promise.all([...inFlight]);
  };
  return {
    receiving: () => context.receiving.enter(),
    answer: (question) => track(answerQuestion(context, question)),
    choose: (click) => track(chooseOption(context, click)),
    feedback: (click) => track(recordFeedback(context, click)),
    admin: (command, respond) => track(runAdminCommand(context, command, respond)),
    answerFollowUp: (question) =>
      track(
        (async () => {
          if (await hasAnswered(context, question.conversation)) {
            await answerQuestion(context, question);
          }
        })(),
      ),
    idle,
    async stop() {
      clearInterval(pruning);
      await idle();
    },
  };
}

async function hasAnswered<M>(
  context: ChatContext<M>,
  conversation: Conversation,
): Promise<boolean> {
  const thread = threadKey(context.platform.name, conversation);
  try {
    const turns = await context.stores.conversations.recent(thread, PARTICIPATION_TURNS);
    return turns.some((turn) => turn.role === 'assistant');
  } catch (error) {
    context.logger.warn({ err: error }, 'could not tell whether the bot is in this thread');
    return false;
  }
}

/** Forgets event keys older than a day, now and every hour, so `processed_events` stays small. */
async function prunePeriodically<M>(context: ChatContext<M>): Promise<NodeJS.Timeout> {
  const prune = async () => {
    const olderThan = new Date(context.clock().getTime() - EVENT_KEY_RETENTION_MS);
    try {
      const pruned = await context.stores.events.prune(olderThan);
      if (pruned > 0) context.logger.info({ pruned }, 'pruned old event keys');
    } catch (error) {
      context.logger.warn({ err: error }, 'could not prune event keys');
    }
  };
  await prune();
  const timer = setInterval(() => void prune(), PRUNE_EVERY_MS);
  timer.unref();
  return timer;
}
