import { pino, type Logger } from 'pino';

export type LogLevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * The app's structured logger (JSON lines on stdout). Secrets are redacted wherever they
 * appear in logged objects; question text is never logged above debug.
 */
export function createLogger(level: LogLevelName): Logger {
  return pino({
    level,
    base: { app: 'clarify-teams' },
    redact: {
      paths: ['*.authorization', '*.password', '*.MicrosoftAppPassword', 'headers.authorization'],
      censor: '[redacted]',
    },
  });
}
