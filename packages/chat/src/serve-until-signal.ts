import type { Logger } from './chat-context';

/**
 * Resolves at the first SIGINT or SIGTERM. Call it before saying the process is running: a
 * signal that arrives before a listener exists kills the process with the default action, and
 * whoever read "running" may send one at once.
 */
export function untilSignal(): Promise<void> {
  return new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
}

/**
 * Keeps a chat app serving until SIGINT or SIGTERM (`signalled`, from `untilSignal` called
 * before the app said it runs), then stops it: it takes no new requests and finishes the
 * questions in flight (RELIABILITY LF-5).
 */
export async function serveUntilSignal(
  app: { stop(): Promise<void> },
  logger: Logger,
  signalled: Promise<void> = untilSignal(),
): Promise<void> {
  await signalled;
  logger.info('stopping: finishing the questions in flight');
  await app.stop();
}
