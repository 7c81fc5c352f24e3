import { createPublicKey, randomBytes, verify, type KeyObject } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startLocalServer } from '../local-server';

/** A channel message as the fake Graph stores and returns it (Graph's chatMessage, in part). */
export type FakeGraphMessage = {
  id: string;
  replyToId: string | null;
  messageType: 'message' | 'systemEventMessage';
  createdDateTime: string;
  deletedDateTime: string | null;
  from: {
    user: { id: string; displayName: string } | null;
    application: { id: string; displayName: string } | null;
  };
  body: { contentType: 'html' | 'text'; content: string };
  mentions: {
    id: number;
    mentionText: string;
    mentioned: { user?: { id: string }; application?: { id: string } };
  }[];
  attachments: { id: string; contentType: string; content: string | null }[];
};

/** Who may get tokens: the app's id and its password, or its certificate's public key. */
export type FakeGraphOptions = {
  clientId: string;
  clientSecret?: string;
  /** PEM public key (or certificate) that client assertions are checked against. */
  certificate?: string;
};

export type FakeGraphRequest = { method: string; path: string; status: number };

export type FakeGraph = {
  /** `TEAMS_GRAPH_URL`. */
  readonly graphUrl: string;
  /** `TEAMS_LOGIN_URL`. */
  readonly loginUrl: string;
  /** Adds a message to a channel (a reply when `replyToId` is set). */
  post(place: { teamGroupId: string; channelId: string }, message: FakeGraphMessage): void;
  /** The team has not consented (no RSC grant): its messages are answered 403. */
  refuse(teamGroupId: string): void;
  /** Every request, token requests included, in arrival order. */
  requests(): FakeGraphRequest[];
  /** Token requests, with the grant they carried: 'secret' or 'assertion'. */
  tokenGrants(): { tenantId: string; kind: 'secret' | 'assertion' }[];
  close(): Promise<void>;
};

/**
 * A local Microsoft identity platform token endpoint (client-credentials grant, with a secret
 * or an RS256 client assertion) and the Graph channel-message reads a Teams bot makes with
 * resource-specific consent: a message, and its replies paged with `@odata.nextLink`.
 */
export async function startFakeGraph(options: FakeGraphOptions): Promise<FakeGraph> {
  const channels = new Map<string, FakeGraphMessage[]>();
  const refused = new Set<string>();
  const tokens = new Set<string>();
  const requests: FakeGraphRequest[] = [];
  const grants: { tenantId: string; kind: 'secret' | 'assertion' }[] = [];
  const publicKey = options.certificate ? createPublicKey(options.certificate) : undefined;
  let origin = '';

  function token(tenantId: string, form: URLSearchParams): { status: number; body: unknown } {
    const tokenUrl = `${origin}/${encodeURIComponent(tenantId)}/oauth2/v2.0/token`;
    const denied = (error: string) => ({ status: 401, body: { error } });
    if (form.get('grant_type') !== 'client_credentials') return denied('unsupported_grant_type');
    if (form.get('client_id') !== options.clientId) return denied('invalid_client');
    if (form.get('scope') !== 'https://graph.microsoft.com/.default')
      return denied('invalid_scope');
    const secret = form.get('client_secret');
    const assertion = form.get('client_assertion');
    if (secret !== null) {
      if (options.clientSecret === undefined || secret !== options.clientSecret) {
        return denied('invalid_client');
      }
      grants.push({ tenantId, kind: 'secret' });
    } else if (assertion !== null && publicKey !== undefined) {
      if (!validAssertion(assertion, publicKey, options.clientId, tokenUrl)) {
        return denied('invalid_client');
      }
      grants.push({ tenantId, kind: 'assertion' });
    } else {
      return denied('invalid_client');
    }
    const issued = randomBytes(16).toString('hex');
    tokens.add(issued);
    return {
      status: 200,
      body: { token_type: 'Bearer', expires_in: 3599, access_token: issued },
    };
  }

  function messages(request: IncomingMessage, url: URL): { status: number; body: unknown } {
    const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!tokens.has(bearer))
      return { status: 401, body: { error: { code: 'InvalidAuthenticationToken' } } };
    const match =
      /^\/v1\.0\/teams\/([^/]+)\/channels\/([^/]+)\/messages\/([^/]+)(\/replies)?$/.exec(
        url.pathname,
      );
    if (match === null) return { status: 404, body: { error: { code: 'NotFound' } } };
    const [teamGroupId, channelId, messageId] = match.slice(1, 4).map(decodeURIComponent) as [
      string,
      string,
      string,
    ];
    if (refused.has(teamGroupId)) return { status: 403, body: { error: { code: 'Forbidden' } } };
    const stored = channels.get(`${teamGroupId}\u0000${channelId}`) ?? [];
    if (match[4] === undefined) {
      const found = stored.find(
        (message) => message.id === messageId && message.replyToId === null,
      );
      return found
        ? { status: 200, body: found }
        : { status: 404, body: { error: { code: 'NotFound' } } };
    }
    const replies = stored.filter((message) => message.replyToId === messageId);
    const top = Math.min(50, Number(url.searchParams.get('$top') ?? '20') || 20);
    const skip = Number(url.searchParams.get('$skiptoken') ?? '0') || 0;
    const page = replies.slice(skip, skip + top);
    const next = new URL(url.pathname, origin);
    next.searchParams.set('$top', String(top));
    next.searchParams.set('$skiptoken', String(skip + top));
    return {
      status: 200,
      body: {
        value: page,
        ...(skip + top < replies.length && { '@odata.nextLink': next.href }),
      },
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', origin);
    const tokenPath = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(url.pathname);
    const answer =
      request.method === 'POST' && tokenPath
        ? token(
            decodeURIComponent(tokenPath[1] ?? ''),
            new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
          )
        : request.method === 'GET'
          ? messages(request, url)
          : { status: 405, body: { error: { code: 'MethodNotAllowed' } } };
    requests.push({ method: request.method ?? 'GET', path: url.pathname, status: answer.status });
    response
      .writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' })
      .end(JSON.stringify(answer.body));
  }

  const local = await startLocalServer(handle);
  origin = local.origin;
  return {
    graphUrl: origin,
    loginUrl: origin,
    post(place, message) {
      const key = `${place.teamGroupId}\u0000${place.channelId}`;
      channels.set(key, [...(channels.get(key) ?? []), message]);
    },
    refuse: (teamGroupId) => void refused.add(teamGroupId),
    requests: () => [...requests],
    tokenGrants: () => [...grants],
    close: () => local.close(),
  };
}

/** An RS256 JWT for this client and this token endpoint, signed by the key, and not expired. */
function validAssertion(jwt: string, key: KeyObject, clientId: string, audience: string): boolean {
  const [header, claims, signature] = jwt.split('.');
  if (header === undefined || claims === undefined || signature === undefined) return false;
  const signed = verify(
    'RSA-SHA256',
    Buffer.from(`${header}.${claims}`),
    key,
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return false;
  try {
    const parsedHeader = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as {
      alg?: unknown;
      x5t?: unknown;
    };
    const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    const now = Date.now() / 1000;
    return (
      parsedHeader.alg === 'RS256' &&
      typeof parsedHeader.x5t === 'string' &&
      parsed.aud === audience &&
      parsed.iss === clientId &&
      parsed.sub === clientId &&
      typeof parsed.exp === 'number' &&
      parsed.exp > now
    );
  } catch {
    return false;
  }
}

/** A person's message, as Graph returns it; `mentionsApp` puts an `<at>` of the app first. */
export function graphUserMessage(fields: {
  id: string;
  text: string;
  userId: string;
  userName?: string;
  at: Date;
  replyToId?: string;
  mentionsApp?: { id: string; name: string };
}): FakeGraphMessage {
  const escaped = fields.text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const mention = fields.mentionsApp;
  return {
    id: fields.id,
    replyToId: fields.replyToId ?? null,
    messageType: 'message',
    createdDateTime: fields.at.toISOString(),
    deletedDateTime: null,
    from: {
      user: { id: fields.userId, displayName: fields.userName ?? 'Test User' },
      application: null,
    },
    body: {
      contentType: 'html',
      content: mention ? `<p><at id="0">${mention.name}</at> ${escaped}</p>` : `<p>${escaped}</p>`,
    },
    mentions: mention
      ? [{ id: 0, mentionText: mention.name, mentioned: { application: { id: mention.id } } }]
      : [],
    attachments: [],
  };
}
