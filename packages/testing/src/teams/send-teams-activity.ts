export type TeamsAppResponse = { status: number; body: string; elapsedMs: number };

/**
 * Posts an activity as JSON to `<appUrl>` (or its `/api/messages` when it has no path), with
 * `Authorization: Bearer <token>` when a token is given, as the Bot Framework channel does.
 */
export async function sendTeamsActivity(
  appUrl: string,
  activity: Record<string, unknown>,
  token: string | undefined,
): Promise<TeamsAppResponse> {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
  const started = performance.now();
  const response = await fetch(messagesUrl(appUrl), {
    method: 'POST',
    headers,
    body: JSON.stringify(activity),
  });
  const body = await response.text();
  return { status: response.status, body, elapsedMs: performance.now() - started };
}

/** `appUrl` itself when it has a path, else its `/api/messages`. */
function messagesUrl(appUrl: string): string {
  const url = new URL(appUrl);
  if (url.pathname === '/' || url.pathname === '') url.pathname = '/api/messages';
  return url.toString();
}
