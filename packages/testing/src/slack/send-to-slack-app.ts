import { randomUUID } from 'node:crypto';
import { signSlackRequest } from './sign-slack-request';

export type SlackAppResponse = { status: number; body: string; elapsedMs: number };

export type SlackEventOptions = {
  /** A fresh `Ev…` id by default; reuse one to send a redelivery. */
  eventId?: string;
  /** 'T0CLARIFY' by default. */
  teamId?: string;
  /** Sends `X-Slack-Retry-Num` and `X-Slack-Retry-Reason`, as a Slack redelivery does. */
  retryNum?: number;
  /** 'http_timeout' by default. */
  retryReason?: string;
  /** Signature timestamp in seconds; now by default. */
  timestamp?: number;
  /** Added last, so they can override the signature headers. */
  headers?: Record<string, string>;
};

export type SlashCommandFields = {
  command: string;
  text?: string;
  user_id: string;
  channel_id: string;
  team_id?: string;
  /** Point it at `FakeSlackApi.responseUrl()`; Bolt gives no `respond` without one. */
  response_url?: string;
  trigger_id?: string;
  [field: string]: string | undefined;
};

/** Posts a body as is, e.g. with a wrong signature, to `<appUrl>` or its `/slack/events`. */
export async function sendRaw(
  appUrl: string,
  request: { body: string; headers: Record<string, string> },
): Promise<SlackAppResponse> {
  const started = performance.now();
  const response = await fetch(eventsUrl(appUrl), {
    method: 'POST',
    headers: request.headers,
    body: request.body,
  });
  const body = await response.text();
  return { status: response.status, body, elapsedMs: performance.now() - started };
}

/** Posts a signed Events API `event_callback` envelope around `event`, as JSON. */
export async function sendSlackEvent(
  appUrl: string,
  signingSecret: string,
  event: Record<string, unknown>,
  options: SlackEventOptions = {},
): Promise<SlackAppResponse> {
  const teamId = options.teamId ?? 'T0CLARIFY';
  const body = JSON.stringify({
    token: 'fake-verification-token',
    team_id: teamId,
    api_app_id: 'A0CLARIFY',
    type: 'event_callback',
    event_id: options.eventId ?? `Ev${randomUUID().replaceAll('-', '').slice(0, 10).toUpperCase()}`,
    event_time: Math.floor(Date.now() / 1000),
    event: { team: teamId, ...event },
    event_context: `EC-${teamId}`,
    is_ext_shared_channel: false,
  });
  const retry: Record<string, string> =
    options.retryNum === undefined
      ? {}
      : {
          'x-slack-retry-num': String(options.retryNum),
          'x-slack-retry-reason': options.retryReason ?? 'http_timeout',
        };
  return sendSigned(appUrl, signingSecret, {
    body,
    contentType: 'application/json',
    headers: { ...retry, ...options.headers },
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
}

/** Posts an interactivity payload (e.g. `block_actions`) as the form field `payload`. */
export async function sendSlackAction(
  appUrl: string,
  signingSecret: string,
  payload: Record<string, unknown>,
): Promise<SlackAppResponse> {
  const body = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
  return sendSigned(appUrl, signingSecret, { body, contentType: form });
}

/** Posts a slash command's form fields, with Slack's other fields filled in. */
export async function sendSlashCommand(
  appUrl: string,
  signingSecret: string,
  fields: SlashCommandFields,
): Promise<SlackAppResponse> {
  const all: Record<string, string | undefined> = {
    token: 'fake-verification-token',
    team_id: 'T0CLARIFY',
    api_app_id: 'A0CLARIFY',
    text: '',
    trigger_id: `trigger-${randomUUID()}`,
    ...fields,
  };
  const entries = Object.entries(all).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  const body = new URLSearchParams(entries).toString();
  return sendSigned(appUrl, signingSecret, { body, contentType: form });
}

/** Bolt compares the content type to exactly this. */
const form = 'application/x-www-form-urlencoded';

async function sendSigned(
  appUrl: string,
  signingSecret: string,
  request: {
    body: string;
    contentType: string;
    timestamp?: number;
    headers?: Record<string, string>;
  },
): Promise<SlackAppResponse> {
  const { body, timestamp } = request;
  const signature = signSlackRequest({
    signingSecret,
    body,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
  const headers = { 'content-type': request.contentType, ...signature, ...request.headers };
  return sendRaw(appUrl, { body, headers });
}

/** `appUrl` itself when it has a path, else its `/slack/events`. */
function eventsUrl(appUrl: string): string {
  const url = new URL(appUrl);
  if (url.pathname === '/' || url.pathname === '') url.pathname = '/slack/events';
  return url.toString();
}
