import type { SourceSummary } from '@clarify/core';
import { metrics, metricsRegistry } from './metrics';
import type { Readiness } from './readiness';

/** An answer of the operations endpoints, for any HTTP server to send. */
export type OperationsResponse = { status: number; contentType: string; body: string };

/** `/healthz`, `/readyz` and `/metrics` for one app. */
export type OperationsEndpoints = {
  /** The answer for a GET of `path`, or null when it is not one of them. */
  handle(path: string): Promise<OperationsResponse | null>;
  readiness(): Promise<Readiness>;
};

/**
 * The endpoints every app serves: `/healthz` (the process answers: liveness), `/readyz` (the
 * database answers with this build's migrations: 503 otherwise) and `/metrics` (Prometheus
 * text, the sources' freshness read at each scrape).
 */
export function createOperationsEndpoints(options: {
  readiness: () => Promise<Readiness>;
  /** The sources with their last success, for the freshness series (the database may be down). */
  sources?: () => Promise<readonly SourceSummary[]>;
}): OperationsEndpoints {
  const json = (status: number, body: unknown): OperationsResponse => ({
    status,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify(body),
  });
  return {
    readiness: options.readiness,
    async handle(path) {
      switch (path) {
        case '/healthz':
          return json(200, { status: 'ok' });
        case '/readyz': {
          const readiness = await options.readiness();
          return json(readiness.ready ? 200 : 503, readiness);
        }
        case '/metrics': {
          if (options.sources) {
            try {
              metrics.freshness(await options.sources());
            } catch {
              // The database is down: the freshness series keep their last values.
            }
          }
          return {
            status: 200,
            contentType: metricsRegistry.contentType,
            body: await metricsRegistry.metrics(),
          };
        }
        default:
          return null;
      }
    },
  };
}
