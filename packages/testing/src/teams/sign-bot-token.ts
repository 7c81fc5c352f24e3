import { sign } from 'node:crypto';
import { createSigningKeySync, signingKeyOf } from './create-signing-key';
import type { SigningKey } from './create-signing-key';
import type { FakeBotConnector } from './start-fake-bot-connector';

export type BotTokenClaims = {
  /** `aud`: the bot's Microsoft App ID. */
  audience: string;
  /** `serviceurl`, which must equal the activity's `serviceUrl`; the connector's by default. */
  serviceUrl?: string;
  /** `iss`; the connector's issuer by default. */
  issuer?: string;
  /**
   * Lifetime from now; 3600 by default. Negative for an expired token (issued an hour before it
   * expired). botbuilder allows 300 s of clock skew, so go below -300 for a rejected one.
   */
  expiresInSeconds?: number;
  /** 'unknown' signs with a key whose `kid` is not in the connector's JWKS; 'known' by default. */
  key?: 'known' | 'unknown';
};

/** Made on first use, then shared: no connector ever publishes it. */
let unknownKey: SigningKey | undefined;

/**
 * A compact RS256 JWS like the one the Bot Framework channel sends in `Authorization: Bearer`,
 * signed with the connector's JWKS key (or, for `key: 'unknown'`, a key it does not publish).
 */
export function signBotToken(connector: FakeBotConnector, claims: BotTokenClaims): string {
  const key =
    claims.key === 'unknown' ? (unknownKey ??= createSigningKeySync()) : signingKeyOf(connector);
  const now = Math.floor(Date.now() / 1000);
  const expiresIn = claims.expiresInSeconds ?? 3600;
  const exp = now + expiresIn;
  const iat = expiresIn > 0 ? now : exp - 3600;
  const header = { alg: 'RS256', typ: 'JWT', kid: key.kid };
  const payload = {
    iss: claims.issuer ?? connector.issuer,
    aud: claims.audience,
    serviceurl: claims.serviceUrl ?? connector.serviceUrl,
    nbf: iat,
    iat,
    exp,
  };
  const signingInput = `${base64url(header)}.${base64url(payload)}`;
  const signature = sign('sha256', Buffer.from(signingInput), key.privateKey);
  return `${signingInput}.${signature.toString('base64url')}`;
}

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
