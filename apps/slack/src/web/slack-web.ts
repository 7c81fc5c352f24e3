import type { WebClient } from '@slack/web-api';
import { ClarifyError, describeError } from '@clarify/core';
import type { SlackMessage } from '../render';
import { createChannelThrottle, RateLimited } from './channel-throttle';

/** A message as the app posts it: blocks plus the notification text. */
export type OutgoingMessage = SlackMessage;

/** A message of a thread as `conversations.replies` returns it. */
export type ThreadMessage = {
  ts: string;
  text: string;
  user: string | undefined;
  botId: string | undefined;
  subtype: string | undefined;
};

/** What the app needs of the Slack Web API, in its own terms. */
export type SlackWeb = {
  post(input: { channel: string; threadTs?: string } & OutgoingMessage): Promise<string>;
  update(input: { channel: string; ts: string } & OutgoingMessage): Promise<void>;
  postEphemeral(input: {
    channel: string;
    user: string;
    threadTs?: string;
    text: string;
  }): Promise<void>;
  remove(input: { channel: string; ts: string }): Promise<void>;
  /** The thread's messages, oldest first (the parent first), at most `limit`. */
  threadMessages(input: {
    channel: string;
    threadTs: string;
    limit: number;
  }): Promise<ThreadMessage[]>;
  /** Whether a user administers the workspace. */
  isWorkspaceAdmin(user: string): Promise<boolean>;
  /** The bot's own user and bot ids (`auth.test`), to recognise its messages. */
  whoAmI(): Promise<{ userId: string; botId: string | undefined }>;
};

/**
 * The Slack Web API behind the app's calls: 429s are honoured per channel (SL-4), and every
 * failure becomes a ClarifyError at this edge. `client` must be created with
 * `rejectRateLimitedCalls: true`, a timeout and a bounded retry policy (see `webClientOptions`).
 */
export function createSlackWeb(
  client: WebClient,
  options: { maxRateLimitRetries?: number; maxPauseMs?: number } = {},
): SlackWeb {
  const throttle = createChannelThrottle({
    maxRateLimitRetries: options.maxRateLimitRetries ?? 3,
    maxPauseMs: options.maxPauseMs ?? 60_000,
  });
  const call = <T>(channel: string, method: string, run: () => Promise<T>) =>
    throttle.run(channel, () => atEdge(method, run));

  return {
    async post({ channel, threadTs, text, blocks }) {
      const result = await call(channel, 'chat.postMessage', () =>
        client.chat.postMessage({
          channel,
          text,
          blocks,
          ...(threadTs && { thread_ts: threadTs }),
        }),
      );
      if (typeof result.ts !== 'string') {
        throw new ClarifyError('platform_failed', 'chat.postMessage returned no message ts');
      }
      return result.ts;
    },
    async update({ channel, ts, text, blocks }) {
      await call(channel, 'chat.update', () => client.chat.update({ channel, ts, text, blocks }));
    },
    async postEphemeral({ channel, user, threadTs, text }) {
      await call(channel, 'chat.postEphemeral', () =>
        client.chat.postEphemeral({
          channel,
          user,
          text,
          ...(threadTs && { thread_ts: threadTs }),
        }),
      );
    },
    async remove({ channel, ts }) {
      await call(channel, 'chat.delete', () => client.chat.delete({ channel, ts }));
    },
    async threadMessages({ channel, threadTs, limit }) {
      const messages: ThreadMessage[] = [];
      let cursor: string | undefined;
      do {
        const page = await call(channel, 'conversations.replies', () =>
          client.conversations.replies({
            channel,
            ts: threadTs,
            limit: Math.min(200, limit),
            ...(cursor && { cursor }),
          }),
        );
        for (const message of page.messages ?? []) {
          if (typeof message.ts !== 'string') continue;
          messages.push({
            ts: message.ts,
            text: message.text ?? '',
            user: message.user,
            botId: message.bot_id,
            subtype: (message as { subtype?: string }).subtype,
          });
        }
        cursor = page.response_metadata?.next_cursor || undefined;
      } while (cursor !== undefined && messages.length < limit);
      return messages.slice(0, limit);
    },
    async whoAmI() {
      const result = await atEdge('auth.test', () => client.auth.test()).catch((error: unknown) => {
        throw new ClarifyError(
          'platform_failed',
          `${describeError(error)} — check SLACK_BOT_TOKEN (and SLACK_API_URL if set) and that Slack is reachable`,
          { cause: error },
        );
      });
      if (typeof result.user_id !== 'string') {
        throw new ClarifyError('platform_failed', 'auth.test returned no user id');
      }
      return { userId: result.user_id, botId: result.bot_id };
    },
    async isWorkspaceAdmin(user) {
      const result = await atEdge('users.info', () => client.users.info({ user }));
      return result.user?.is_admin === true || result.user?.is_owner === true;
    },
  };
}

/** The Web API client's options this gateway relies on. */
export function webClientOptions(options: {
  apiUrl: string | undefined;
  timeoutMs: number;
  maxRetries: number;
}) {
  return {
    ...(options.apiUrl && { slackApiUrl: options.apiUrl }),
    timeout: options.timeoutMs,
    rejectRateLimitedCalls: true,
    // Transport failures and 5xx: a few quick retries, not the default 30 minutes of them.
    retryConfig: { retries: options.maxRetries, factor: 2, minTimeout: 200, maxTimeout: 2_000 },
  };
}

async function atEdge<T>(method: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isCoded(error) && error.code === 'slack_webapi_rate_limited_error') {
      throw new RateLimited((error as unknown as { retryAfter: number }).retryAfter);
    }
    const detail =
      isCoded(error) && error.code === 'slack_webapi_platform_error'
        ? ((error as unknown as { data: { error: string } }).data.error ?? 'error')
        : error instanceof Error
          ? error.message
          : String(error);
    throw new ClarifyError('platform_failed', `Slack ${method} failed: ${detail}`, {
      cause: error,
      retryable: false,
    });
  }
}

function isCoded(error: unknown): error is { code: string } {
  return typeof error === 'object' && error !== null && 'code' in error;
}
