import { pino, type Logger } from 'pino';

export type LogLevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * The console's structured logger (JSON lines on stdout), secrets redacted wherever they appear
 * in logged objects; question text is never logged above debug.
 */
export function createWebLogger(level: LogLevelName): Logger {
  return pino({
    level,
    base: { app: 'clarify-web' },
    redact: {
      paths: ['*.authorization', '*.cookie', '*.password', '*.token', '*.secret'],
      censor: '[redacted]',
    },
  });
}
