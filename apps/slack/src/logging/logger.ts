import { LogLevel, type Logger as BoltLogger } from '@slack/bolt';
import { pino, type Logger as PinoLogger } from 'pino';

export type Logger = PinoLogger;

export type LogLevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** The app's structured logger (JSON lines on stdout). Never log tokens or question text above debug. */
export function createLogger(level: LogLevelName): Logger {
  return pino({ level, base: { app: 'clarify-slack' } });
}

/** Bolt's own log lines, through the app's logger. */
export function boltLogger(logger: Logger): BoltLogger {
  const child = logger.child({ component: 'bolt' });
  const join = (messages: unknown[]) => messages.map(String).join(' ');
  return {
    debug: (...messages) => child.debug(join(messages)),
    info: (...messages) => child.info(join(messages)),
    warn: (...messages) => child.warn(join(messages)),
    error: (...messages) => child.error(join(messages)),
    setLevel: () => undefined,
    getLevel: () => boltLevel(logger.level),
    setName: () => undefined,
  };
}

function boltLevel(level: string): LogLevel {
  if (level === 'debug' || level === 'trace') return LogLevel.DEBUG;
  if (level === 'info') return LogLevel.INFO;
  if (level === 'warn') return LogLevel.WARN;
  return LogLevel.ERROR;
}
