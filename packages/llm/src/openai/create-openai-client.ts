import OpenAI from 'openai';

export type OpenAiClientOptions = {
  baseUrl: string;
  apiKey: string;
  /** Timeout of each HTTP attempt. */
  timeoutMs: number;
  /** Retries of 408/409/429/5xx, timeouts and connection errors (the SDK's own policy). */
  maxRetries: number;
};

/**
 * The official SDK's client as this project configures it: settings passed explicitly and the
 * ones it would otherwise read from process.env set to null, console logging off (failures reach
 * callers as ClarifyErrors instead). Shared by the OpenAI implementations of ports; never exported
 * from the package.
 */
export function createOpenAiClient(options: OpenAiClientOptions): OpenAI {
  return new OpenAI({
    baseURL: options.baseUrl,
    apiKey: options.apiKey,
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    timeout: options.timeoutMs,
    maxRetries: options.maxRetries,
    logLevel: 'off',
  });
}
