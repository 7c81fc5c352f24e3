import { z } from 'zod';
import { ClarifyError } from '@clarify/core';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));
const idList = optionalString.transform((value) =>
  value === undefined ? [] : value.split(/[\s,]+/).filter((id) => id.length > 0),
);

const SlackEnvSchema = z.object({
  SLACK_BOT_TOKEN: optionalString.pipe(
    z.string().startsWith('xoxb-', 'must be a bot token (xoxb-…)').optional(),
  ),
  SLACK_SIGNING_SECRET: optionalString,
  SLACK_APP_TOKEN: optionalString.pipe(
    z.string().startsWith('xapp-', 'must be an app-level token (xapp-…)').optional(),
  ),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  SLACK_API_URL: optionalString.pipe(z.url().optional()),
  SLACK_ADMIN_USER_IDS: idList,
  SLACK_CHANNEL_SOURCES: optionalString,
  SLACK_DEFAULT_SOURCES: optionalString,
  SLACK_CHOICE_BY: z.enum(['anyone', 'asker']).default('anyone'),
  SLACK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  SLACK_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  SLACK_CONCURRENCY: z.coerce.number().int().positive().max(256).default(8),
});

/** How Slack reaches the app: signed HTTP requests on a port, or a Socket Mode connection. */
export type SlackConnection =
  { mode: 'http'; signingSecret: string; port: number } | { mode: 'socket'; appToken: string };

export type SlackConfig = {
  botToken: string;
  connection: SlackConnection;
  /** Where the Web API client sends its calls; Slack's own API when undefined. */
  apiUrl: string | undefined;
  /** Users who may run `/clarify` admin commands (workspace admins and owners may too). */
  adminUserIds: string[];
  /** Which sources a channel may read (RG-1); channels not listed read `defaultSources`. */
  channelSources: Record<string, string[]>;
  /** The sources of direct messages and unlisted channels; undefined means every source. */
  defaultSources: string[] | undefined;
  /** Who may pick an option of a clarification: anyone in the thread, or only who asked. */
  choiceBy: 'anyone' | 'asker';
  /** Timeout of each Web API call, and how often a failed call is retried. */
  timeoutMs: number;
  maxRetries: number;
  /** Questions and choices answered at once; more wait, their "working…" already shown. */
  concurrency: number;
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
    adminUserIds: values.SLACK_ADMIN_USER_IDS,
    channelSources: channelSources(values.SLACK_CHANNEL_SOURCES),
    defaultSources: values.SLACK_DEFAULT_SOURCES?.split(/[\s,]+/).filter(Boolean),
    choiceBy: values.SLACK_CHOICE_BY,
    timeoutMs: values.SLACK_TIMEOUT_MS,
    maxRetries: values.SLACK_MAX_RETRIES,
    concurrency: values.SLACK_CONCURRENCY,
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
  if (appToken !== undefined) return { mode: 'socket', appToken };
  throw invalid('set SLACK_SIGNING_SECRET (HTTP) or SLACK_APP_TOKEN (Socket Mode)');
}

/** `C123=handbook,it; C456=eng` → { C123: ['handbook', 'it'], C456: ['eng'] }. */
function channelSources(value: string | undefined): Record<string, string[]> {
  const mapping: Record<string, string[]> = {};
  if (value === undefined) return mapping;
  for (const entry of value.split(';')) {
    if (entry.trim() === '') continue;
    const match = /^\s*([A-Z0-9]+)\s*=\s*([^=]*)$/.exec(entry);
    const sources = match?.[2]?.split(/[\s,]+/).filter(Boolean) ?? [];
    if (match?.[1] === undefined || sources.length === 0) {
      throw invalid(
        'SLACK_CHANNEL_SOURCES: expected "CHANNEL_ID=source,source; CHANNEL_ID=source"',
      );
    }
    mapping[match[1]] = sources;
  }
  return mapping;
}

function invalid(problem: string): ClarifyError {
  return new ClarifyError('config_invalid', `invalid Slack configuration: ${problem}`);
}
