import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Who the fake provider says is signed in when a browser comes to its sign-in page. */
export type FakeUser = { sub: string; email: string };

export type FakeOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The user of the next sign-in (as if they had typed their password). */
  user: FakeUser;
  /** Token requests the provider refused, with why. */
  refused: string[];
  close(): Promise<void>;
};

type Grant = {
  clientId: string;
  redirectUri: string;
  nonce: string;
  challenge: string;
  user: FakeUser;
};

/**
 * An OpenID Connect provider on 127.0.0.1 as the real ones answer: discovery, JWKS (RS256),
 * an authorization endpoint that signs the current user in at once and redirects back with a
 * code, and a token endpoint that checks the client's secret, the redirect URI and PKCE before
 * it issues a signed ID token with the nonce.
 */
export async function startFakeOidcProvider(): Promise<FakeOidcProvider> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomBytes(6).toString('hex');
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  const grants = new Map<string, Grant>();
  const provider: FakeOidcProvider = {
    issuer: '',
    clientId: 'clarify-console',
    clientSecret: randomBytes(16).toString('hex'),
    user: { sub: 'user-1', email: 'admin@example.com' },
    refused: [],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const json = (body: unknown) => JSON.stringify(body);
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', provider.issuer);
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(json(body));
      };
      if (url.pathname === '/.well-known/openid-configuration') {
        return send(200, {
          issuer: provider.issuer,
          authorization_endpoint: `${provider.issuer}/authorize`,
          token_endpoint: `${provider.issuer}/token`,
          jwks_uri: `${provider.issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
          scopes_supported: ['openid', 'email', 'profile'],
        });
      }
      if (url.pathname === '/jwks') return send(200, { keys: [jwk] });
      if (url.pathname === '/authorize') {
        const query = url.searchParams;
        const code = randomBytes(12).toString('hex');
        grants.set(code, {
          clientId: query.get('client_id') ?? '',
          redirectUri: query.get('redirect_uri') ?? '',
          nonce: query.get('nonce') ?? '',
          challenge: query.get('code_challenge') ?? '',
          user: provider.user,
        });
        const back = new URL(query.get('redirect_uri') ?? '');
        back.searchParams.set('code', code);
        back.searchParams.set('state', query.get('state') ?? '');
        back.searchParams.set('iss', provider.issuer);
        response.writeHead(302, { location: back.href });
        return response.end();
      }
      if (url.pathname === '/token' && request.method === 'POST') {
        const form = new URLSearchParams(await readBody(request));
        const [basicId, basicSecret] = basicAuth(request);
        const clientId = basicId ?? form.get('client_id');
        const secret = basicSecret ?? form.get('client_secret');
        const grant = grants.get(form.get('code') ?? '');
        grants.delete(form.get('code') ?? '');
        const problem =
          clientId !== provider.clientId || secret !== provider.clientSecret
            ? 'client authentication'
            : !grant
              ? 'unknown code'
              : grant.redirectUri !== form.get('redirect_uri')
                ? 'redirect_uri'
                : s256(form.get('code_verifier') ?? '') !== grant.challenge
                  ? 'PKCE'
                  : null;
        if (problem !== null || !grant) {
          provider.refused.push(problem ?? 'unknown');
          return send(400, { error: 'invalid_grant', error_description: problem });
        }
        const now = Math.floor(Date.now() / 1000);
        const idToken = signJwt(privateKey, kid, {
          iss: provider.issuer,
          aud: provider.clientId,
          sub: grant.user.sub,
          email: grant.user.email,
          email_verified: true,
          nonce: grant.nonce,
          iat: now,
          exp: now + 300,
        });
        return send(200, {
          access_token: randomBytes(16).toString('hex'),
          token_type: 'Bearer',
          expires_in: 300,
          id_token: idToken,
        });
      }
      send(404, { error: 'not_found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  provider.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return provider;
}

function signJwt(key: Parameters<typeof sign>[2], kid: string, payload: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signed = `${part({ alg: 'RS256', typ: 'JWT', kid })}.${part(payload)}`;
  return `${signed}.${sign('sha256', Buffer.from(signed), key).toString('base64url')}`;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

function basicAuth(request: IncomingMessage): [string | undefined, string | undefined] {
  const header = request.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return [undefined, undefined];
  const [id, secret] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
  return [id && decodeURIComponent(id), secret && decodeURIComponent(secret)];
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
