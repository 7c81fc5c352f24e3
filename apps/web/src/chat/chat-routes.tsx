/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { ConversationLayer, Conversation } from '@clarify/chat';
import { field, type FormEnv } from '../server/csrf';
import { createLimit } from '../server/limits';
import { randomId } from '../server/signing';
import { ChatPage, MAX_QUESTION_CHARS } from '../views/chat-page';
import { ThreadView } from '../views/thread-view';
import { WEB_WORKSPACE, webThreadKey } from './web-platform';
import type { WebThreads } from './web-threads';

const THREAD_ID = /^[A-Za-z0-9_-]{8,64}$/;
/**
 * How long a request waits for its reply before the page shows the placeholder and asks again
 * (an offline answer comes well within it; an LLM's may not).
 */
const REPLY_WAIT_MS = 1500;

/** The playground's pages: the chat, its thread fragment, and the question, choice and vote. */
export function chatRoutes(deps: {
  layer: ConversationLayer;
  threads: WebThreads;
  /** Questions one browser may ask per minute (RG-4). */
  questionsPerMinute: number;
}) {
  const { layer, threads } = deps;
  const questions = createLimit(deps.questionsPerMinute, 60);
  const app = new Hono<FormEnv>();

  const conversationOf = (c: Context<FormEnv>, thread: string): Conversation => ({
    workspaceId: WEB_WORKSPACE,
    channelId: c.get('session').userId,
    threadId: thread,
    isDirect: true,
  });
  const threadOf = (value: string | undefined) =>
    value !== undefined && THREAD_ID.test(value) ? value : null;

  /** The thread as htmx swaps it in, or (a plain form post) the page again. */
  const show = async (c: Context<FormEnv>, thread: string, work: Promise<void>) => {
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise((resolve) => (timer = setTimeout(resolve, REPLY_WAIT_MS)));
    await Promise.race([work, waited]).finally(() => clearTimeout(timer));
    if (c.req.header('hx-request') !== 'true') {
      return c.redirect(`/?thread=${encodeURIComponent(thread)}`, 303);
    }
    const key = webThreadKey(conversationOf(c, thread));
    return c.html(
      <ThreadView
        thread={thread}
        entries={threads.entries(key)}
        session={c.get('session')}
        working={threads.working(key)}
      />,
    );
  };

  app.get('/', (c) => {
    const thread = threadOf(c.req.query('thread')) ?? randomId(12);
    const key = webThreadKey(conversationOf(c, thread));
    return c.html(
      <ChatPage
        session={c.get('session')}
        thread={thread}
        entries={threads.entries(key)}
        working={threads.working(key)}
      />,
    );
  });

  app.get('/chat/thread', (c) => {
    const thread = threadOf(c.req.query('thread'));
    if (thread === null) return c.text('Unknown conversation.', 400);
    return show(c, thread, Promise.resolve());
  });

  app.post('/chat/ask', async (c) => {
    const form = c.get('form');
    const thread = threadOf(field(form, 'thread')) ?? randomId(12);
    const conversation = conversationOf(c, thread);
    const key = webThreadKey(conversation);
    const text = field(form, 'text').trim();
    if (text.length > MAX_QUESTION_CHARS) {
      threads.append(key, {
        kind: 'notice',
        tone: 'warning',
        text: `That message is ${text.length} characters long; ask in at most ${MAX_QUESTION_CHARS}.`,
      });
      return show(c, thread, Promise.resolve());
    }
    const wait = await questions.take(c.get('session').userId);
    if (wait !== null) {
      threads.append(key, {
        kind: 'notice',
        tone: 'warning',
        text: `You are asking more than ${deps.questionsPerMinute} questions a minute; ask again in ${wait} s.`,
      });
      return show(c, thread, Promise.resolve());
    }
    const inThread = threads.entries(key).some((entry) => entry.message.kind === 'question');
    const messageId = text === '' ? randomId(8) : threads.append(key, { kind: 'question', text });
    const work = layer.answer({
      conversation,
      userId: c.get('session').userId,
      text,
      messageId,
      eventKey: `web:${randomId()}`,
      inThread,
    });
    return show(c, thread, work);
  });

  app.post('/chat/choose', (c) => {
    const form = c.get('form');
    const thread = threadOf(field(form, 'thread'));
    if (thread === null) return c.text('Unknown conversation.', 400);
    const conversation = conversationOf(c, thread);
    const messageId = field(form, 'message');
    const clicked = threads.find(webThreadKey(conversation), messageId);
    const work = layer.choose({
      conversation,
      userId: c.get('session').userId,
      message: { messageId, content: clicked?.message },
      value: field(form, 'value'),
    });
    return show(c, thread, work);
  });

  app.post('/chat/feedback', (c) => {
    const form = c.get('form');
    const thread = threadOf(field(form, 'thread'));
    const rating = field(form, 'rating');
    if (thread === null || (rating !== 'up' && rating !== 'down')) {
      return c.text('Unknown conversation or vote.', 400);
    }
    const conversation = conversationOf(c, thread);
    const messageId = field(form, 'message');
    const voted = threads.find(webThreadKey(conversation), messageId);
    if (voted) voted.vote = rating;
    const work = layer.feedback({
      conversation,
      userId: c.get('session').userId,
      messageId,
      value: field(form, 'value'),
      rating,
    });
    return show(c, thread, work);
  });

  return app;
}
