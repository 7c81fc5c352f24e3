import { pino, type Logger } from 'pino';

export type LogLevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** The worker's structured logger (JSON lines on stdout), secrets redacted. */
export function createWorkerLogger(level: LogLevelName): Logger {
  return pino({
    level,
    base: { app: 'clarify-worker' },
    redact: { paths: ['*.authorization', '*.password', '*.secret'], censor: '[redacted]' },
  });
}
