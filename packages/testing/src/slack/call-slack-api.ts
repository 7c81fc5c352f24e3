export type SlackApiReply = {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
};

/**
 * Calls a Web API method the way @slack/web-api's WebClient does: POST `<apiUrl><method>`, a
 * form body with objects as JSON text and empty values left out, the token as a bearer header.
 * `json: true` sends a JSON body instead.
 */
export async function callSlackApi(
  apiUrl: string,
  method: string,
  args: Record<string, unknown>,
  options: { token?: string; json?: boolean } = {},
): Promise<SlackApiReply> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = options.token ?? 'xoxb-test';
  if (token !== '') headers['authorization'] = `Bearer ${token}`;
  headers['content-type'] = options.json
    ? 'application/json; charset=utf-8'
    : 'application/x-www-form-urlencoded';
  const response = await fetch(`${apiUrl}${method}`, {
    method: 'POST',
    headers,
    body: options.json ? JSON.stringify(args) : formBody(args),
  });
  const text = await response.text();
  const body = (text.startsWith('{') ? JSON.parse(text) : { text }) as Record<string, unknown>;
  return { status: response.status, headers: response.headers, body };
}

function formBody(args: Record<string, unknown>): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined || value === null) continue;
    const scalar =
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
    form.append(key, scalar ? String(value) : JSON.stringify(value));
  }
  return form.toString();
}
