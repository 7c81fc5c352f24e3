import { isClarifyError } from './errors';

/**
 * Runs the LLM implementation of a stage and, when the model fails (timeout, 5xx after retries,
 * unreachable), the offline one instead, reporting the switch (RELIABILITY LF-1, LF-3).
 */
export async function withFallback<T>(
  primary: () => Promise<T>,
  fallback: (() => Promise<T>) | undefined,
  onFallback: (error: unknown) => void,
): Promise<T> {
  try {
    return await primary();
  } catch (error) {
    if (fallback === undefined || !isClarifyError(error, 'llm_failed')) throw error;
    onFallback(error);
    return fallback();
  }
}
