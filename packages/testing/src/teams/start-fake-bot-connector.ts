import type { IncomingMessage, ServerResponse } from 'node:http';
import { startLocalServer } from '../local-server';
import { isRecord } from '../is-record';
import { createRecordingLog } from '../slack/create-recording-log';
import { createActivityStore } from './create-activity-store';
import type { StoredTeamsActivity } from './create-activity-store';
import { createConnectorFaultPlan } from './create-connector-fault-plan';
import type { ConnectorFailure } from './create-connector-fault-plan';
import { createSigningKey, rememberSigningKey } from './create-signing-key';
import { routeConnectorRequest } from './route-connector-request';
import type { ConnectorCallKind, ConnectorRoute } from './route-connector-request';

export type FakeBotConnectorOptions = {
  /** The `issuer` of the OpenID metadata and of signed tokens; 'https://api.botframework.com' by default. */
  issuer?: string;
  /** Teams' group ids by Teams team id, for `GET /v3/teams/{id}` (the bot's team details). */
  teamGroups?: Record<string, string>;
};

export type ConnectorCall = {
  /** 'POST', 'PUT' or 'DELETE'. */
  method: string;
  kind: ConnectorCallKind;
  /** Decoded from the path. */
  conversationId: string;
  /** The new activity's id (send, reply), or the one updated or deleted; none for a failed send. */
  activityId?: string;
  /** The activity in the path of a reply. */
  replyToId?: string;
  /** The activity JSON the bot sent; undefined for a delete or a body that is not a JSON object. */
  body: Record<string, unknown> | undefined;
  /** The `Authorization` header as sent. */
  authorization: string | undefined;
  /** `Date.now()` when the call arrived. */
  at: number;
  /** The HTTP status answered, injected failures included; undefined for a `hang`. */
  status: number | undefined;
};

export type FakeBotConnector = {
  /** The base URL, ending in `/`. */
  readonly url: string;
  /** The `serviceUrl` to put in activities: the same as `url`. */
  readonly serviceUrl: string;
  /** `<url>.well-known/openid-configuration`, for the bot's token validation. */
  readonly openIdMetadataUrl: string;
  readonly issuer: string;
  /** Every Connector API call, in arrival order, failed ones included. */
  calls(): ConnectorCall[];
  /** How many times the signing keys (the JWKS) were fetched. */
  keyFetches(): number;
  /** The bot's activities as they stand (updated, deleted ones gone), in posting order. */
  activities(conversationId?: string): StoredTeamsActivity[];
  /** The first call (made or to come) that matches; rejects listing the calls after `timeoutMs`. */
  waitFor(predicate: (call: ConnectorCall) => boolean, timeoutMs?: number): Promise<ConnectorCall>;
  /** The next `times` Connector API calls, whatever their route, fail this way instead. */
  fail(times: number, failure: ConnectorFailure): void;
  /** Destroys every connection (the OpenID endpoints' too) until `up()`, like an outage. */
  down(): void;
  up(): void;
  close(): Promise<void>;
};

const defaultWaitMs = 10_000;

/**
 * Starts a fake Bot Framework service on 127.0.0.1 (a free port) for tests that run the real
 * CloudAdapter: the Bot Connector REST API at `serviceUrl` (recorded calls, an activity store and
 * injected faults) and the token issuer's OpenID metadata and JWKS, whose key `signBotToken` uses.
 */
export async function startFakeBotConnector(
  options: FakeBotConnectorOptions = {},
): Promise<FakeBotConnector> {
  const issuer = options.issuer ?? 'https://api.botframework.com';
  const key = await createSigningKey();
  const store = createActivityStore();
  const faults = createConnectorFaultPlan();
  const calls = createRecordingLog<ConnectorCall>('Connector call', describeCall);
  let isDown = false;
  let keyFetches = 0;

  function answerConnectorCall(request: IncomingMessage, route: ConnectorRoute, raw: string) {
    const call = {
      method: request.method ?? 'POST',
      kind: route.kind,
      conversationId: route.conversationId,
      ...(route.kind === 'reply' ? { replyToId: route.pathActivityId } : {}),
      ...(route.kind === 'update' || route.kind === 'delete'
        ? { activityId: route.pathActivityId }
        : {}),
      body: parseActivity(raw),
      authorization: request.headers.authorization,
      at: Date.now(),
    };
    const fault = faults.take();
    if (fault !== undefined && 'hang' in fault) {
      calls.record({ ...call, status: undefined });
      return undefined;
    }
    const answer = fault ?? applyCall(route, call.body, raw);
    const activityId = 'activityId' in answer ? answer.activityId : undefined;
    calls.record({
      ...call,
      ...(activityId === undefined ? {} : { activityId }),
      status: answer.status,
    });
    return answer;
  }

  /** The route's own effect and answer. */
  function applyCall(
    route: ConnectorRoute,
    body: Record<string, unknown> | undefined,
    raw: string,
  ) {
    const { kind, conversationId, pathActivityId = '' } = route;
    if (kind === 'delete') {
      store.delete(pathActivityId);
      return { status: 200, headers: {}, body: {} };
    }
    if (body === undefined) {
      const message = `The body is not an activity: ${raw.slice(0, 200)}`;
      return { status: 400, headers: {}, body: { error: { code: 'BadSyntax', message } } };
    }
    if (kind === 'update') {
      store.update(conversationId, pathActivityId, body);
      return { status: 200, headers: {}, body: { id: pathActivityId } };
    }
    const activityId = store.post(conversationId, body);
    return { status: 201, headers: {}, body: { id: activityId }, activityId };
  }

  function answerMetadata(path: string, origin: string) {
    if (path === '/.well-known/openid-configuration') {
      return {
        issuer,
        jwks_uri: `${origin}/keys`,
        id_token_signing_alg_values_supported: ['RS256'],
      };
    }
    if (path !== '/keys') return undefined;
    keyFetches += 1;
    return { keys: [key.jwk] };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const method = request.method ?? 'GET';
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const route = routeConnectorRequest(method, request.url ?? '/');
    if (route !== undefined) {
      const answer = answerConnectorCall(request, route, raw);
      if (answer !== undefined) writeJson(response, answer.status, answer.body, answer.headers);
      return;
    }
    const team = method === 'GET' ? /^\/v3\/teams\/([^/]+)$/.exec(path) : null;
    if (team !== null) {
      const teamId = decodeURIComponent(team[1] ?? '');
      const aadGroupId = options.teamGroups?.[teamId];
      if (aadGroupId === undefined) writeJson(response, 404, { error: { code: 'NotFound' } });
      else writeJson(response, 200, { id: teamId, name: 'Team', aadGroupId });
      return;
    }
    const metadata = method === 'GET' ? answerMetadata(path, origin) : undefined;
    if (metadata !== undefined) {
      writeJson(response, 200, metadata);
      return;
    }
    const message = `The fake Bot Connector has no route for ${method} ${path}`;
    writeJson(response, 404, { error: { code: 'NotFound', message } });
  }

  const local = await startLocalServer((request, response) => {
    if (!isDown) return handle(request, response);
    request.socket.destroy();
  });
  const { origin, server } = local;
  server.on('connection', (socket) => {
    if (isDown) socket.destroy();
  });

  const connector: FakeBotConnector = {
    url: `${origin}/`,
    serviceUrl: `${origin}/`,
    openIdMetadataUrl: `${origin}/.well-known/openid-configuration`,
    issuer,
    calls: () => [...calls.entries],
    keyFetches: () => keyFetches,
    activities: (conversationId) => store.list(conversationId),
    waitFor: (predicate, timeoutMs = defaultWaitMs) => calls.waitFor(predicate, timeoutMs),
    fail: (times, failure) => faults.fail(times, failure),
    down() {
      isDown = true;
      // Kept-alive sockets would otherwise carry the next request.
      server.closeIdleConnections();
    },
    up() {
      isDown = false;
    },
    async close() {
      calls.close();
      await local.close();
    },
  };
  rememberSigningKey(connector, key);
  return connector;
}

function parseActivity(raw: string): Record<string, unknown> | undefined {
  if (raw === '') return undefined;
  try {
    const value = JSON.parse(raw) as unknown;
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function writeJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const all = { 'content-type': 'application/json; charset=utf-8', ...headers };
  response.writeHead(status, all).end(JSON.stringify(body));
}

function describeCall(call: ConnectorCall): string {
  const target = [call.conversationId, call.replyToId ?? call.activityId].filter(Boolean).join(' ');
  const text =
    typeof call.body?.['text'] === 'string' ? ` ${JSON.stringify(call.body['text'])}` : '';
  return `${call.kind} ${target} → ${call.status ?? 'hang'}${text}`;
}
