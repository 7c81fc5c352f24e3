/** OpenAI's error body: `{ error: { message, type, param, code } }`, typed by HTTP status. */
export function openAiErrorBody(
  status: number,
  message: string,
): { error: Record<string, unknown> } {
  return {
    error: {
      message,
      type: errorType(status),
      param: null,
      code: status === 429 ? 'rate_limit_exceeded' : null,
    },
  };
}

function errorType(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 429) return 'requests';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

/** A plausible message for a status when a script gives none. */
export function defaultErrorMessage(status: number): string {
  if (status === 429) return 'Rate limit reached for requests. Please try again later.';
  if (status >= 500) return 'The server had an error while processing your request.';
  return 'Invalid request.';
}
