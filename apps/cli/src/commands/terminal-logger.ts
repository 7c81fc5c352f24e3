import type { Logger } from '@clarify/chat';
import { describeError } from '@clarify/core';
import type { Output } from '../output';

/**
 * The chat layer's logger for a terminal: info as plain lines, warnings and errors on stderr
 * with the error's message; debug (where question text may appear) is never printed.
 */
export function terminalLogger(output: Output): Logger {
  const text = (object: object | string, message?: string) =>
    typeof object === 'string' ? object : (message ?? '');
  const reason = (object: object | string) =>
    typeof object === 'object' && 'err' in object ? ` (${describeError(object.err)})` : '';
  const logger: Logger = {
    child: () => logger,
    debug: () => undefined,
    info: (object, message) => output.out(text(object, message)),
    warn: (object, message) =>
      output.err(`clarify: warning: ${text(object, message)}${reason(object)}`),
    error: (object, message) => output.err(`clarify: ${text(object, message)}${reason(object)}`),
  };
  return logger;
}
