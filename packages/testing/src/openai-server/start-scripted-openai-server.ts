import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { isRecord } from '../is-record';
import { createChatCompletionResponse } from './chat-completion-response';
import type { ChatReply } from './chat-completion-response';
import { createEmbeddingsResponse } from './embeddings-response';
import { defaultErrorMessage, openAiErrorBody } from './openai-error-body';
import { createReplyQueue } from './scripted-reply';
import type { ScriptedReply } from './scripted-reply';

export type RecordedRequest = {
  method: string;
  /** URL path without the query, e.g. '/v1/embeddings'. */
  path: string;
  /** Lower-cased header names, as Node parses them. */
  headers: IncomingHttpHeaders;
  /** The parsed JSON body; the raw text when it is not JSON; undefined when empty. */
  body: unknown;
  /** `performance.now()` when the request arrived, to measure the gaps between requests. */
  receivedAt: number;
};

export type ScriptedOpenAiServerOptions = {
  /** Vector length when a request names no `dimensions`; 1536 by default. */
  embeddingDimensions?: number;
  /** The default chat reply; 'Scripted reply.' by default. */
  chatReply?: (body: Record<string, unknown>) => ChatReply;
};

export type ScriptedOpenAiServer = {
  /** Base URL ending in /v1, for `new OpenAI({ baseURL })`. */
  readonly url: string;
  /** Every request received, in arrival order. */
  readonly requests: readonly RecordedRequest[];
  /** Queues replies; each is used by the next matching request(s), then defaults resume. */
  script(...replies: ScriptedReply[]): void;
  /** How many scripted replies are still unused (counting `times`). */
  unusedScriptCount(): number;
  /** Ends pending delayed replies, destroys every connection and stops the server. */
  close(): Promise<void>;
};

type Answer = { status: number; text: string; headers: Record<string, string> };

/**
 * Starts an OpenAI-compatible HTTP server on 127.0.0.1 (a free port) for tests: deterministic
 * `POST /v1/embeddings`, configurable `POST /v1/chat/completions`, and scripted faults (429 with
 * Retry-After, 5xx, 4xx, slow or hung calls, malformed JSON, custom bodies). Records requests.
 */
export async function startScriptedOpenAiServer(
  options: ScriptedOpenAiServerOptions = {},
): Promise<ScriptedOpenAiServer> {
  const embeddingDimensions = options.embeddingDimensions ?? 1536;
  const chatReply = options.chatReply ?? (() => 'Scripted reply.');
  const requests: RecordedRequest[] = [];
  const replies = createReplyQueue();
  const pendingDelays = new Set<AbortController>();

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const receivedAt = performance.now();
    const raw = await readBody(request);
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const parsed = parseJson(raw);
    const method = request.method ?? 'GET';
    requests.push({
      method,
      path,
      headers: request.headers,
      body: parsed.ok ? parsed.value : raw || undefined,
      receivedAt,
    });
    const scripted = replies.take(path, searchableText(parsed, raw));
    if (scripted?.delayMs !== undefined && !(await wait(scripted.delayMs, response))) return;
    const answer = createAnswer(method, path, parsed, scripted ?? {});
    response.writeHead(answer.status, answer.headers).end(answer.text);
  }

  function createAnswer(
    method: string,
    path: string,
    parsed: ParsedJson,
    scripted: ScriptedReply,
  ): Answer {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      ...scripted.headers,
    };
    if (scripted.retryAfterSeconds !== undefined) {
      headers['retry-after'] = String(scripted.retryAfterSeconds);
    }
    if (scripted.malformedJson === true) {
      return { status: 200, text: '{"object":"list","data":[{', headers };
    }
    if (scripted.body !== undefined) {
      return { status: scripted.status ?? 200, text: JSON.stringify(scripted.body), headers };
    }
    const result =
      scripted.status !== undefined && scripted.status >= 400
        ? {
            status: scripted.status,
            body: openAiErrorBody(
              scripted.status,
              scripted.message ?? defaultErrorMessage(scripted.status),
            ),
          }
        : defaultResponse(method, path, parsed, scripted);
    return { status: result.status, text: JSON.stringify(result.body), headers };
  }

  function defaultResponse(
    method: string,
    path: string,
    parsed: ParsedJson,
    scripted: ScriptedReply,
  ) {
    if (method !== 'POST' || (path !== '/v1/embeddings' && path !== '/v1/chat/completions')) {
      return { status: 404, body: openAiErrorBody(404, `Unknown request URL: ${method} ${path}.`) };
    }
    if (!parsed.ok) {
      return {
        status: 400,
        body: openAiErrorBody(400, 'We could not parse the JSON body of your request.'),
      };
    }
    if (path === '/v1/embeddings') {
      return createEmbeddingsResponse(parsed.value, embeddingDimensions);
    }
    const reply = scripted.reply ?? (isRecord(parsed.value) ? chatReply(parsed.value) : '');
    const id = `chatcmpl-scripted-${requests.length}`;
    return createChatCompletionResponse(parsed.value, { ...scripted, reply, id });
  }

  /** Resolves true after `delayMs`, false if the client left or the server is closing. */
  async function wait(delayMs: number, response: ServerResponse): Promise<boolean> {
    const controller = new AbortController();
    pendingDelays.add(controller);
    response.once('close', () => controller.abort());
    try {
      await sleep(delayMs, undefined, { signal: controller.signal });
      return true;
    } catch {
      return false;
    } finally {
      pendingDelays.delete(controller);
    }
  }

  const server = createServer((request, response) => {
    void handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  async function close(): Promise<void> {
    for (const controller of pendingDelays) controller.abort();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...scriptedReplies) => replies.add(scriptedReplies),
    unusedScriptCount: () => replies.size(),
    close,
  };
}

type ParsedJson = { ok: true; value: unknown } | { ok: false };

function parseJson(raw: string): ParsedJson {
  try {
    return { ok: true, value: JSON.parse(raw) as unknown };
  } catch {
    return { ok: false };
  }
}

/** What `ifContains` looks in: the chat messages' contents when there are any, else the raw body. */
function searchableText(parsed: ParsedJson, raw: string): string {
  const messages = parsed.ok && isRecord(parsed.value) ? parsed.value['messages'] : undefined;
  if (!Array.isArray(messages)) return raw;
  return messages
    .map((message) =>
      isRecord(message) && typeof message['content'] === 'string' ? message['content'] : '',
    )
    .join('\n');
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
