import type { IncomingHttpHeaders } from 'node:http';
import { isRecord } from '../is-record';

/** Form fields that WebClient sends as JSON text, parsed back into values. */
const jsonFields = new Set(['blocks', 'attachments', 'metadata', 'unfurls', 'user_auth_blocks']);

export type SlackApiRequest = {
  /** The bearer token, else a `token` argument; undefined when there is neither. */
  token: string | undefined;
  /** Query and body arguments (the body wins), with JSON fields of a form body parsed. */
  args: Record<string, unknown>;
};

/**
 * Reads a Web API call as WebClient sends it (`application/x-www-form-urlencoded`, objects as JSON
 * text, token in `Authorization: Bearer`) or as a JSON body (`application/json`).
 */
export function parseSlackApiRequest(
  headers: IncomingHttpHeaders,
  query: URLSearchParams,
  raw: string,
): SlackApiRequest {
  const args: Record<string, unknown> = Object.fromEntries(query);
  Object.assign(args, isJson(headers) ? parseJsonBody(raw) : parseFormBody(raw));
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '')?.[1];
  const token = bearer ?? (typeof args['token'] === 'string' ? args['token'] : undefined);
  return { token, args };
}

function isJson(headers: IncomingHttpHeaders): boolean {
  return (headers['content-type'] ?? '').toLowerCase().startsWith('application/json');
}

function parseJsonBody(raw: string): Record<string, unknown> {
  const value = parseJsonText(raw);
  return isRecord(value) ? value : {};
}

function parseFormBody(raw: string): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    args[key] = jsonFields.has(key) ? parseJsonText(value) : value;
  }
  return args;
}

/** The parsed JSON, or the text itself when it is not JSON. */
export function parseJsonText(value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}
