import type { IncomingMessage, ServerResponse } from 'node:http';
import { startLocalServer } from '../local-server';
import { answerSlackMethod } from './answer-slack-method';
import type { FakeSlackUser } from './answer-slack-method';
import { createFaultPlan } from './create-fault-plan';
import type { ChannelRateLimit, SlackFailure } from './create-fault-plan';
import { createMessageStore } from './create-message-store';
import type { StoredSlackMessage } from './create-message-store';
import { createRecordingLog } from './create-recording-log';
import { parseJsonText, parseSlackApiRequest } from './parse-slack-api-request';

export type FakeSlackApiOptions = {
  /** 'U0CLARIFY' by default. */
  botUserId?: string;
  /** 'B0CLARIFY' by default. */
  botId?: string;
  /** 'T0CLARIFY' by default. */
  teamId?: string;
  /** Who `users.info` knows; any other id is `user_not_found`. */
  users?: Record<string, FakeSlackUser>;
  /** What `apps.connections.open` returns (a Socket Mode test's WebSocket server). */
  socketModeUrl?: string;
};

export type SlackApiCall = {
  method: string;
  /** The bearer token (or `token` argument) the call carried. */
  token: string | undefined;
  /** The arguments, with `blocks` and other JSON form fields parsed. */
  args: Record<string, unknown>;
  /** `performance.now()` when the call arrived. */
  at: number;
  /** The HTTP status it got: 200, or an injected 429 or 5xx. */
  status: number;
  /** The JSON body it got. */
  result: Record<string, unknown>;
};

export type ResponseUrlPost = { id: string; body: unknown; at: number };

export type FakeSlackApi = {
  /** The `slackApiUrl` for WebClient, ending in /api/. */
  readonly url: string;
  readonly botUserId: string;
  readonly botId: string;
  readonly teamId: string;
  /** Every Web API call, in arrival order, including failed and unknown ones. */
  readonly calls: readonly SlackApiCall[];
  callsTo(method: string): SlackApiCall[];
  /** The first call (made or to come) that matches; rejects listing the calls after `timeoutMs`. */
  waitFor(predicate: (call: SlackApiCall) => boolean, timeoutMs?: number): Promise<SlackApiCall>;
  /** Every POST to a response URL, in arrival order. */
  readonly responses: readonly ResponseUrlPost[];
  waitForResponse(
    predicate: (post: ResponseUrlPost) => boolean,
    timeoutMs?: number,
  ): Promise<ResponseUrlPost>;
  /** A `response_url` on this fake, `.../respond/<id>`. */
  responseUrl(id?: string): string;
  /** Puts a person's message into a channel or thread; returns its `ts`. */
  seedMessage(
    channel: string,
    message: { user: string; text: string; ts?: string; threadTs?: string },
  ): string;
  /** A copy of a channel's messages, threads included, in `ts` order. */
  messages(channel: string): StoredSlackMessage[];
  /** The next call(s) to `method` fail: an HTTP status (429 with Retry-After) or `{ok:false}`. */
  failNext(method: string, failure: SlackFailure): void;
  /** Holds the answers of `method` for `ms` (its effect is applied on arrival); 0 undoes it. */
  delay(method: string, ms: number): void;
  /** chat.* calls for `channel` get 429 with Retry-After; other channels are unaffected. */
  rateLimitChannel(channel: string, limit?: ChannelRateLimit): void;
  close(): Promise<void>;
};

/** Below vitest's 5 s test timeout, so that a failed wait explains itself. */
const defaultWaitMs = 4000;

/**
 * Starts a fake Slack Web API on 127.0.0.1 (a free port) for tests that run the real Bolt app:
 * a consistent in-memory message store, recorded calls, injected faults and response URLs.
 */
export async function startFakeSlackApi(options: FakeSlackApiOptions = {}): Promise<FakeSlackApi> {
  const workspace = {
    botUserId: options.botUserId ?? 'U0CLARIFY',
    botId: options.botId ?? 'B0CLARIFY',
    teamId: options.teamId ?? 'T0CLARIFY',
    users: options.users ?? {},
    socketModeUrl: options.socketModeUrl,
    store: createMessageStore(),
  };
  const faults = createFaultPlan();
  const calls = createRecordingLog<SlackApiCall>('call', describeCall);
  const responses = createRecordingLog<ResponseUrlPost>('response_url post', (post) =>
    JSON.stringify(post),
  );
  const timers = new Set<NodeJS.Timeout>();
  let responseCount = 0;

  function answerApiCall(request: IncomingMessage, url: URL, raw: string, at: number) {
    const method = decodeURIComponent(url.pathname.slice('/api/'.length));
    const { token, args } = parseSlackApiRequest(request.headers, url.searchParams, raw);
    const answer = faults.take(method, args) ?? {
      status: 200,
      headers: {},
      body:
        token === undefined
          ? { ok: false, error: 'not_authed' }
          : answerSlackMethod(method, args, workspace),
    };
    calls.record({ method, token, args, at, status: answer.status, result: answer.body });
    return { ...answer, delayMs: faults.delayOf(method) };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const at = performance.now();
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname.startsWith('/respond/')) {
      const id = decodeURIComponent(url.pathname.slice('/respond/'.length));
      responses.record({ id, body: parseJsonText(raw), at });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      return;
    }
    if (!url.pathname.startsWith('/api/')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const answer = answerApiCall(request, url, raw, at);
    const send = () => {
      if (response.destroyed) return;
      const headers = { 'content-type': 'application/json; charset=utf-8', ...answer.headers };
      response.writeHead(answer.status, headers).end(JSON.stringify(answer.body));
    };
    if (answer.delayMs === 0) {
      send();
      return;
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      send();
    }, answer.delayMs);
    timers.add(timer);
  }

  const local = await startLocalServer(handle);
  const { origin } = local;

  return {
    url: `${origin}/api/`,
    botUserId: workspace.botUserId,
    botId: workspace.botId,
    teamId: workspace.teamId,
    calls: calls.entries,
    callsTo: (method) => calls.entries.filter((call) => call.method === method),
    waitFor: (predicate, timeoutMs = defaultWaitMs) => calls.waitFor(predicate, timeoutMs),
    responses: responses.entries,
    waitForResponse: (predicate, timeoutMs = defaultWaitMs) =>
      responses.waitFor(predicate, timeoutMs),
    responseUrl: (id) => `${origin}/respond/${encodeURIComponent(id ?? `r${++responseCount}`)}`,
    seedMessage: (channel, { user, text, ts, threadTs }) =>
      workspace.store.post(channel, {
        user,
        text,
        ...(ts === undefined ? {} : { ts }),
        ...(threadTs === undefined ? {} : { threadTs }),
      }).ts,
    messages: (channel) => workspace.store.messages(channel),
    failNext: (method, failure) => faults.failNext(method, failure),
    delay: (method, ms) => faults.delay(method, ms),
    rateLimitChannel: (channel, limit) => faults.rateLimitChannel(channel, limit),
    async close() {
      calls.close();
      responses.close();
      for (const timer of timers) clearTimeout(timer);
      await local.close();
    },
  };
}

function describeCall(call: SlackApiCall): string {
  const outcome = call.result['ok'] === true ? 'ok' : String(call.result['error']);
  return `${call.method} → ${call.status} ${outcome} ${JSON.stringify(call.args)}`;
}
