/** Every failure Clarify reports has one of these codes. */
export type ClarifyErrorCode =
  | 'config_invalid'
  | 'database_unavailable'
  | 'database_locked'
  | 'migration_failed'
  | 'embedding_failed'
  | 'llm_failed'
  | 'source_not_found'
  | 'source_unreadable'
  | 'parse_failed'
  /** One document of a source could not be fetched (a page gone, refused, of an unknown type). */
  | 'document_unreadable'
  | 'index_already_running'
  /** A run stopped between documents (a worker shutting down); what was done is kept. */
  | 'index_interrupted'
  /** A queued run failed in a worker; the message is its error. */
  | 'index_failed'
  | 'platform_failed'
  | 'invalid_input';

export type ClarifyErrorOptions = {
  cause?: unknown;
  retryable?: boolean;
};

/** The one error class of the project: a stable `code`, a message for people, the `cause`. */
export class ClarifyError extends Error {
  readonly code: ClarifyErrorCode;
  readonly retryable: boolean;

  constructor(code: ClarifyErrorCode, message: string, options: ClarifyErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = 'ClarifyError';
    this.code = code;
    this.retryable = options.retryable ?? false;
  }
}

export function isClarifyError(error: unknown, code?: ClarifyErrorCode): error is ClarifyError {
  return error instanceof ClarifyError && (code === undefined || error.code === code);
}

/** A one-line description of any thrown value, for logs and CLI output. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
