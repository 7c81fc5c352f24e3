import { createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBotToken } from './sign-bot-token';
import { startFakeBotConnector } from './start-fake-bot-connector';
import type { FakeBotConnector } from './start-fake-bot-connector';

type Jwk = { kid: string; kty: string; n: string; e: string };

let connector: FakeBotConnector;
let jwks: Jwk[];

beforeAll(async () => {
  connector = await startFakeBotConnector();
  const metadata = (await (await fetch(connector.openIdMetadataUrl)).json()) as {
    jwks_uri: string;
  };
  jwks = ((await (await fetch(metadata.jwks_uri)).json()) as { keys: Jwk[] }).keys;
});

afterAll(async () => {
  await connector.close();
});

function decode(token: string) {
  const [header = '', payload = '', signature = ''] = token.split('.');
  const part = (text: string) =>
    JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
  return {
    header: part(header) as Record<string, unknown>,
    payload: part(payload) as Record<string, unknown>,
    signingInput: `${header}.${payload}`,
    signature: Buffer.from(signature, 'base64url'),
  };
}

/** Verifies as a relying party does: the header's `kid` picks the JWKS key. */
function verifiesWithJwks(token: string): boolean {
  const { header, signingInput, signature } = decode(token);
  const jwk = jwks.find(({ kid }) => kid === header['kid']);
  if (jwk === undefined) return false;
  const publicKey = createPublicKey({ key: jwk, format: 'jwk' });
  return verify('sha256', Buffer.from(signingInput), publicKey, signature);
}

describe('signBotToken', () => {
  it('signs an RS256 token that the JWKS key verifies', () => {
    const token = signBotToken(connector, { audience: 'app-id' });
    const { header, payload } = decode(token);
    expect(token.split('.')).toHaveLength(3);
    expect(header).toEqual({ alg: 'RS256', typ: 'JWT', kid: jwks[0]?.kid });
    expect(verifiesWithJwks(token)).toBe(true);
    const now = Math.floor(Date.now() / 1000);
    expect(payload).toEqual({
      iss: 'https://api.botframework.com',
      aud: 'app-id',
      serviceurl: connector.serviceUrl,
      nbf: expect.any(Number) as number,
      iat: expect.any(Number) as number,
      exp: expect.any(Number) as number,
    });
    expect(payload['iat']).toBeGreaterThanOrEqual(now - 1);
    expect(payload['exp']).toBe((payload['iat'] as number) + 3600);
  });

  it('detects a tampered payload', () => {
    const [header, , signature] = signBotToken(connector, { audience: 'app-id' }).split('.');
    const forged = Buffer.from(JSON.stringify({ aud: 'other-app' })).toString('base64url');
    expect(verifiesWithJwks(`${header}.${forged}.${signature}`)).toBe(false);
  });

  it('takes the issuer, service URL and lifetime from the claims', () => {
    const token = signBotToken(connector, {
      audience: 'app-id',
      issuer: 'https://sts.windows.net/tenant/',
      serviceUrl: 'https://smba.trafficmanager.net/amer/',
      expiresInSeconds: -600,
    });
    const { payload } = decode(token);
    expect(payload).toMatchObject({
      iss: 'https://sts.windows.net/tenant/',
      serviceurl: 'https://smba.trafficmanager.net/amer/',
    });
    const now = Math.floor(Date.now() / 1000);
    expect(payload['exp']).toBeLessThanOrEqual(now - 599);
    expect(payload['iat']).toBe((payload['exp'] as number) - 3600);
    expect(verifiesWithJwks(token)).toBe(true);
  });

  it("signs with a key whose kid is not in the JWKS for key: 'unknown'", () => {
    const token = signBotToken(connector, { audience: 'app-id', key: 'unknown' });
    const { kid } = decode(token).header;
    expect(typeof kid).toBe('string');
    expect(jwks.map((key) => key.kid)).not.toContain(kid);
    expect(verifiesWithJwks(token)).toBe(false);
    const jwk = jwks[0];
    if (jwk === undefined) throw new Error('no JWKS key');
    const { signingInput, signature } = decode(token);
    const publicKey = createPublicKey({ key: jwk, format: 'jwk' });
    expect(verify('sha256', Buffer.from(signingInput), publicKey, signature)).toBe(false);
  });

  it('uses a different key for each connector', async () => {
    const other = await startFakeBotConnector();
    const token = signBotToken(other, { audience: 'app-id' });
    expect(verifiesWithJwks(token)).toBe(false);
    await other.close();
  });

  it('refuses an object that is not a started connector', () => {
    expect(() => signBotToken({ ...connector }, { audience: 'app-id' })).toThrow(
      /startFakeBotConnector/,
    );
  });
});
