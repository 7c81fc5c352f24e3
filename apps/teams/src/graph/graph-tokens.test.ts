import { generateKeyPairSync } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeGraph, type FakeGraph } from '@clarify/testing';
import { createGraphTokens, GraphError } from './graph-tokens';

const APP = 'app-1';
let graph: FakeGraph | undefined;
afterEach(async () => {
  await graph?.close();
  graph = undefined;
});

describe('createGraphTokens', () => {
  it('gets an app-only token per tenant with the password, and reuses it until it expires', async () => {
    graph = await startFakeGraph({ clientId: APP, clientSecret: 's3cret' });
    let now = Date.now();
    const tokens = createGraphTokens({
      appId: APP,
      credentials: { kind: 'password', password: 's3cret' },
      loginUrl: graph.loginUrl,
      timeoutMs: 5_000,
      now: () => now,
    });
    const [first, same] = await Promise.all([tokens.token('t1'), tokens.token('t1')]);
    expect(same).toBe(first);
    await tokens.token('t2');
    expect(graph.tokenGrants()).toEqual([
      { tenantId: 't1', kind: 'secret' },
      { tenantId: 't2', kind: 'secret' },
    ]);
    now += 3_599_000 - 4 * 60_000; // within five minutes of expiry: renewed
    expect(await tokens.token('t1')).not.toBe(first);
    expect(graph.tokenGrants()).toHaveLength(3);
  });

  it('signs a client assertion with the certificate’s key', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    graph = await startFakeGraph({
      clientId: APP,
      certificate: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    });
    const tokens = createGraphTokens({
      appId: APP,
      credentials: {
        kind: 'certificate',
        thumbprint: 'AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01',
        privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      },
      loginUrl: graph.loginUrl,
      timeoutMs: 5_000,
    });
    expect(await tokens.token('t1')).toMatch(/^[0-9a-f]{32}$/);
    expect(graph.tokenGrants()).toEqual([{ tenantId: 't1', kind: 'assertion' }]);
  });

  it('fails with the status when the secret is wrong, and asks again next time', async () => {
    graph = await startFakeGraph({ clientId: APP, clientSecret: 's3cret' });
    const tokens = createGraphTokens({
      appId: APP,
      credentials: { kind: 'password', password: 'wrong' },
      loginUrl: graph.loginUrl,
      timeoutMs: 5_000,
    });
    await expect(tokens.token('t1')).rejects.toMatchObject({ status: 401 });
    await expect(tokens.token('t1')).rejects.toBeInstanceOf(GraphError);
    expect(graph.requests()).toHaveLength(2);
  });
});
