import type { ChatReply } from './chat-completion-response';

/**
 * One scripted answer. Fields combine: `delayMs` waits first, then the first that applies of
 * `malformedJson`, `body`, an error `status` (≥ 400) and the default handler (with `reply`,
 * `refusal` and `finishReason` overriding a chat completion).
 */
export type ScriptedReply = {
  /** Only requests to this path (e.g. '/v1/embeddings') take this reply; any path when omitted. */
  path?: string;
  /**
   * Only requests containing this text take this reply: in a message's content for chat
   * completions, else anywhere in the raw body. Picks one of several parallel calls (a passage
   * title, a prompt's wording) whose arrival order is not fixed.
   */
  ifContains?: string;
  /** How many consecutive matching requests get this reply; 1 by default. */
  times?: number;
  /** Waits this long before answering: a slow call, or a hung one when long. `close()` ends it. */
  delayMs?: number;
  /** With `body`, its status (200 by default); from 400 up without `body`, an OpenAI error. */
  status?: number;
  /** Sent as the `Retry-After` header (seconds; fractions allowed). */
  retryAfterSeconds?: number;
  /** The error message for an error `status`. */
  message?: string;
  /** Answers 200 with a body that is not valid JSON (with a JSON content type). */
  malformedJson?: boolean;
  /** Answers with exactly this JSON body (and `status`, 200 by default). */
  body?: unknown;
  /** Chat completions: the assistant's reply for this call; an object is sent as JSON text. */
  reply?: ChatReply;
  /** Chat completions: the model refuses with this text. */
  refusal?: string;
  /** Chat completions: `finish_reason`, 'stop' by default. */
  finishReason?: 'stop' | 'length' | 'content_filter' | 'tool_calls';
  /** Extra response headers. */
  headers?: Record<string, string>;
};

/** A first-in, first-out queue of scripted replies; each is taken by the requests it matches. */
export function createReplyQueue() {
  const queue: { reply: ScriptedReply; remaining: number }[] = [];

  function add(replies: readonly ScriptedReply[]): void {
    for (const reply of replies) queue.push({ reply, remaining: reply.times ?? 1 });
  }

  /**
   * The next reply for a request to `path` whose searchable text is `text`, or undefined to use
   * the default handler.
   */
  function take(path: string, text: string): ScriptedReply | undefined {
    const position = queue.findIndex(
      ({ reply }) =>
        (reply.path === undefined || reply.path === path) &&
        (reply.ifContains === undefined || text.includes(reply.ifContains)),
    );
    const entry = queue[position];
    if (entry === undefined) return undefined;
    entry.remaining -= 1;
    if (entry.remaining <= 0) queue.splice(position, 1);
    return entry.reply;
  }

  function size(): number {
    return queue.reduce((sum, entry) => sum + entry.remaining, 0);
  }

  return { add, take, size };
}
