import type { Logger } from './chat-context';

/**
 * Keeps a chat app serving until SIGINT or SIGTERM, then stops it: it takes no new requests
 * and finishes the questions in flight (RELIABILITY LF-5).
 */
export async function serveUntilSignal(
  app: { stop(): Promise<void> },
  logger: Logger,
): Promise<void> {
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  logger.info('stopping: finishing the questions in flight');
  await app.stop();
}
