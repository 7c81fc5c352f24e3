/**
 * The load generator of the ack benchmark, in its own process so that sending 100 requests
 * does not compete with the app for its event loop (Slack is another machine). Receives the
 * prepared requests over IPC, sends them all at once, and reports status and time of each.
 */
export type LoadRequest = { url: string; body: string; headers: Record<string, string> };
export type LoadResult = { status: number; elapsedMs: number };

process.once('message', (requests: LoadRequest[]) => {
  void Promise.all(
    requests.map(async (request): Promise<LoadResult> => {
      const started = performance.now();
      const response = await fetch(request.url, {
        method: 'POST',
        headers: request.headers,
        body: request.body,
      });
      await response.arrayBuffer();
      return { status: response.status, elapsedMs: performance.now() - started };
    }),
  ).then((results) => process.send?.(results, () => process.exit(0)));
});
