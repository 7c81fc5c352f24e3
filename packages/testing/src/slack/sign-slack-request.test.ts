import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signSlackRequest } from './sign-slack-request';

/** The example in Slack's "Verifying requests from Slack" guide. */
const signingSecret = '8f742231b10e8888abcd99yyyzzz85a5';
const timestamp = 1531420618;
const body =
  'token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V' +
  '&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=' +
  '&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmib' +
  'IGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c';

describe('signSlackRequest', () => {
  it('signs v0:timestamp:body with HMAC-SHA256 of the signing secret', () => {
    const headers = signSlackRequest({ signingSecret, body, timestamp });
    const expected = createHmac('sha256', signingSecret)
      .update(`v0:${timestamp}:${body}`)
      .digest('hex');
    expect(headers).toEqual({
      'x-slack-signature': `v0=${expected}`,
      'x-slack-request-timestamp': '1531420618',
    });
    expect(headers['x-slack-signature']).toBe(
      'v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503',
    );
  });

  it('changes with one byte of the body, the timestamp or the secret', () => {
    const signature = (input: Parameters<typeof signSlackRequest>[0]) =>
      signSlackRequest(input)['x-slack-signature'];
    const base = signature({ signingSecret, body, timestamp });
    expect(signature({ signingSecret, body: `${body} `, timestamp })).not.toBe(base);
    expect(signature({ signingSecret, body, timestamp: timestamp + 1 })).not.toBe(base);
    expect(signature({ signingSecret: `${signingSecret}x`, body, timestamp })).not.toBe(base);
  });

  it('uses the current time in seconds by default', () => {
    const before = Math.floor(Date.now() / 1000);
    const stamped = Number(signSlackRequest({ signingSecret, body })['x-slack-request-timestamp']);
    expect(stamped).toBeGreaterThanOrEqual(before);
    expect(stamped).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
  });
});
