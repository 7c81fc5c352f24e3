import { generateKeyPair, generateKeyPairSync, randomUUID } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { promisify } from 'node:util';

/** An entry of the JWKS, as the Bot Framework's OpenID metadata serves it. */
export type BotFrameworkJwk = {
  kty: 'RSA';
  use: 'sig';
  kid: string;
  n: string;
  e: string;
  alg: 'RS256';
  endorsements: string[];
};

export type SigningKey = {
  kid: string;
  privateKey: KeyObject;
  /** The public half, endorsed for `msteams`. */
  jwk: BotFrameworkJwk;
};

const generateRsaKeyPair = promisify(generateKeyPair);

/** A fresh RSA 2048 key pair with a random `kid`, made off the event loop (it takes ~250 ms). */
export async function createSigningKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateRsaKeyPair('rsa', { modulusLength: 2048 });
  return toSigningKey(privateKey, publicKey);
}

/** The same, blocking. */
export function createSigningKeySync(): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return toSigningKey(privateKey, publicKey);
}

function toSigningKey(privateKey: KeyObject, publicKey: KeyObject): SigningKey {
  const { n, e } = publicKey.export({ format: 'jwk' });
  if (n === undefined || e === undefined) throw new Error('The RSA public key has no n or e');
  const kid = `fake-${randomUUID()}`;
  return {
    kid,
    privateKey,
    jwk: { kty: 'RSA', use: 'sig', kid, n, e, alg: 'RS256', endorsements: ['msteams'] },
  };
}

/** The key each fake connector signs with; kept off the connector object. */
const connectorKeys = new WeakMap<object, SigningKey>();

export function rememberSigningKey(connector: object, key: SigningKey): void {
  connectorKeys.set(connector, key);
}

export function signingKeyOf(connector: object): SigningKey {
  const key = connectorKeys.get(connector);
  if (key === undefined) throw new Error('Not a connector made by startFakeBotConnector()');
  return key;
}
