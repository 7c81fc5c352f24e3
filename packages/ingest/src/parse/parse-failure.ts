import { ClarifyError } from '@clarify/core';
import { fileNameOf } from './derive-title';

const maxReasonChars = 160;

/** The `parse_failed` error for a file, with a short reason taken from the underlying error. */
export function parseFailure(path: string, reason: string, cause?: unknown): ClarifyError {
  const short = reason.length > maxReasonChars ? `${reason.slice(0, maxReasonChars - 1)}…` : reason;
  return new ClarifyError('parse_failed', `could not parse "${fileNameOf(path)}": ${short}`, {
    cause,
  });
}

/** The message of a thrown value, for use as a failure reason. */
export function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.trim() || 'unknown error';
}

/** Resolves like `operation`, or rejects once `milliseconds` have passed without it settling. */
export async function withTimeout<T>(operation: Promise<T>, milliseconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`gave up after ${milliseconds / 1000}s`)),
      milliseconds,
    );
  });
  try {
    return await Promise.race([operation, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
