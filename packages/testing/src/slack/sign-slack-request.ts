import { createHmac } from 'node:crypto';

export type SlackSignatureHeaders = {
  'x-slack-signature': string;
  'x-slack-request-timestamp': string;
};

/**
 * Slack's request signature: `v0=` + hex HMAC-SHA256 of `v0:<timestamp>:<body>` under the signing
 * secret, with the timestamp in seconds (now by default; pass an old one to test staleness).
 */
export function signSlackRequest(input: {
  signingSecret: string;
  body: string;
  timestamp?: number;
}): SlackSignatureHeaders {
  const timestamp = String(input.timestamp ?? Math.floor(Date.now() / 1000));
  const digest = createHmac('sha256', input.signingSecret)
    .update(`v0:${timestamp}:${input.body}`)
    .digest('hex');
  return { 'x-slack-signature': `v0=${digest}`, 'x-slack-request-timestamp': timestamp };
}
