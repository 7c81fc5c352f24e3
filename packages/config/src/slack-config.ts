import { z } from 'zod';
import { ClarifyError } from '@clarify/core';
import { loadChatConfig, type ChatConfig } from './chat-config';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

export const SlackEnvSchema = z.object({
  SLACK_BOT_TOKEN: optionalString.pipe(
    z.string().startsWith('xoxb-', 'must be a bot token (xoxb-…)').optional(),
  ),
  SLACK_SIGNING_SECRET: optionalString,
  SLACK_APP_TOKEN: optionalString.pipe(
    z.string().startsWith('xapp-', 'must be an app-level token (xapp-…)').optional(),
  ),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  SLACK_API_URL: optionalString.pipe(z.url().optional()),
  SLACK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  SLACK_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
});

/** How Slack reaches the app: signed HTTP requests on a port, or a Socket Mode connection. */
export type SlackConnection =
  | { mode: 'http'; signingSecret: string; port: number }
  /** `port`: where `/healthz`, `/readyz` and `/metrics` are served (no HTTP from Slack). */
  | { mode: 'socket'; appToken: string; port?: number };

/** The Slack app's settings: its own, and the shared chat ones (`SLACK_*` names as aliases). */
export type SlackConfig = ChatConfig & {
  botToken: string;
  connection: SlackConnection;
  /** Where the Web API client sends its calls; Slack's own API when undefined. */
  apiUrl: string | undefined;
  /** Timeout of each Web API call, and how often a failed call is retried. */
  timeoutMs: number;
  maxRetries: number;
};

/**
 * Reads the Slack app's environment. Exactly one way in must be configured: a signing secret
 * (HTTP) or an app token (Socket Mode). Problems name the variable, never its value.
 */
export function loadSlackConfig(
  env: Record<string, string | undefined> = process.env,
): SlackConfig {
  const parsed = SlackEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw invalid(problems.join('; '));
  }
  const values = parsed.data;
  if (values.SLACK_BOT_TOKEN === undefined) throw invalid('SLACK_BOT_TOKEN is required');
  return {
    botToken: values.SLACK_BOT_TOKEN,
    connection: connection(values),
    apiUrl: values.SLACK_API_URL,
    ...loadChatConfig(env, 'SLACK', invalid),
    timeoutMs: values.SLACK_TIMEOUT_MS,
    maxRetries: values.SLACK_MAX_RETRIES,
  };
}

function connection(values: z.infer<typeof SlackEnvSchema>): SlackConnection {
  const { SLACK_SIGNING_SECRET: signingSecret, SLACK_APP_TOKEN: appToken } = values;
  if (signingSecret !== undefined && appToken !== undefined) {
    throw invalid(
      'set exactly one of SLACK_SIGNING_SECRET (HTTP) and SLACK_APP_TOKEN (Socket Mode), not both',
    );
  }
  if (signingSecret !== undefined) return { mode: 'http', signingSecret, port: values.PORT };
  if (appToken !== undefined) return { mode: 'socket', appToken, port: values.PORT };
  throw invalid('set SLACK_SIGNING_SECRET (HTTP) or SLACK_APP_TOKEN (Socket Mode)');
}

function invalid(problem: string): ClarifyError {
  return new ClarifyError('config_invalid', `invalid Slack configuration: ${problem}`);
}
