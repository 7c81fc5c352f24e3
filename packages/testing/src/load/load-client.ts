/**
 * The load generator of the ack benchmarks, in its own process so that sending 100 requests
 * does not compete with the app for its event loop (Slack and Teams are other machines). Says
 * `ready` once loaded, then for every batch of prepared requests received over IPC sends them
 * all at once and reports each one's status, time to its response, and when it was sent.
 */
export type LoadRequest = { url: string; body: string; headers: Record<string, string> };
export type LoadResult = {
  status: number;
  /** From sending the request to its response, ms. */
  elapsedMs: number;
  /** When the request was sent, ms since the epoch (comparable across processes). */
  sentAt: number;
};

process.on('message', (requests: LoadRequest[]) => {
  void Promise.all(
    requests.map(async (request): Promise<LoadResult> => {
      const started = performance.now();
      const response = await fetch(request.url, {
        method: 'POST',
        headers: request.headers,
        body: request.body,
      });
      await response.arrayBuffer();
      return {
        status: response.status,
        elapsedMs: performance.now() - started,
        sentAt: performance.timeOrigin + started,
      };
    }),
  ).then((results) => process.send?.(results));
});
process.send?.('ready');
