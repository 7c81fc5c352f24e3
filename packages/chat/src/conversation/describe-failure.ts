import { isClarifyError } from '@clarify/core';

export const DATABASE_DOWN_TEXT =
  "I can't reach the knowledge base right now, so I can't answer. Please try again in a few minutes.";
export const AI_DOWN_TEXT =
  "The AI service isn't answering right now, so I can't answer. Please try again in a few minutes.";
export const GENERIC_FAILURE_TEXT =
  'Something went wrong on my side while answering. Please try again; if it keeps happening, tell your Clarify admin.';

const DATABASE_FAILURE =
  /ECONNREFUSED|ECONNRESET|Connection terminated|connection (?:error|refused|closed)|PGlite is closed|database .*(?:closed|shut ?down)|terminating connection|too many clients|57P0[1-3]|08006|08001/i;

/**
 * The short reason a user sees in the thread when a question cannot be answered: never a stack,
 * never silence. Questions refused for what they are (too long, empty) keep core's wording.
 */
export function describeFailure(error: unknown): string {
  if (isClarifyError(error, 'invalid_input')) return `Sorry, I can't take that: ${error.message}.`;
  if (isClarifyError(error, 'database_unavailable') || isClarifyError(error, 'database_locked')) {
    return DATABASE_DOWN_TEXT;
  }
  if (isClarifyError(error, 'llm_failed')) return AI_DOWN_TEXT;
  if (looksLikeDatabaseFailure(error)) return DATABASE_DOWN_TEXT;
  return GENERIC_FAILURE_TEXT;
}

function looksLikeDatabaseFailure(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (!(current instanceof Error)) {
      return typeof current === 'string' && DATABASE_FAILURE.test(current);
    }
    const code = (current as { code?: unknown }).code;
    if (
      DATABASE_FAILURE.test(current.message) ||
      (typeof code === 'string' && DATABASE_FAILURE.test(code))
    ) {
      return true;
    }
    current = current.cause;
  }
  return false;
}
