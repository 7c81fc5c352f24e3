import { z } from 'zod';
import { ClarifyError } from '@clarify/core';
import { loadChatConfig, type ChatConfig } from './chat-config';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

export const TeamsEnvSchema = z.object({
  TEAMS_APP_ID: optionalString,
  TEAMS_APP_PASSWORD: optionalString,
  TEAMS_CERTIFICATE_THUMBPRINT: optionalString,
  TEAMS_CERTIFICATE_PRIVATE_KEY: optionalString,
  TEAMS_TENANT_ID: optionalString,
  TEAMS_APP_TYPE: z
    .enum(['SingleTenant', 'MultiTenant', 'UserAssignedMSI'])
    .default('SingleTenant'),
  TEAMS_INSECURE_LOCAL: z.enum(['0', '1', '']).optional(),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3978),
  TEAMS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  TEAMS_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  TEAMS_GRAPH_HISTORY: z.enum(['0', '1', '']).optional(),
  TEAMS_GRAPH_URL: z.string().url().default('https://graph.microsoft.com'),
  TEAMS_LOGIN_URL: z.string().url().default('https://login.microsoftonline.com'),
});

/** How the bot proves itself to the Bot Connector service. */
export type TeamsCredentials =
  | { kind: 'password'; password: string }
  | { kind: 'certificate'; thumbprint: string; privateKey: string }
  | { kind: 'managed-identity' }
  | { kind: 'none' };

/** The Teams app's settings: its own, and the shared chat ones (`TEAMS_*` names as aliases). */
export type TeamsConfig = ChatConfig & {
  /** The Azure bot's app (client) id; empty only with `insecureLocal`. */
  appId: string;
  appType: 'SingleTenant' | 'MultiTenant' | 'UserAssignedMSI';
  tenantId: string | undefined;
  credentials: TeamsCredentials;
  /**
   * No app id: botbuilder then accepts unauthenticated requests. Only for local testing, and
   * only when `TEAMS_INSECURE_LOCAL=1` says so.
   */
  insecureLocal: boolean;
  port: number;
  /** Timeout of each Bot Connector call, and how often a failed call is retried. */
  timeoutMs: number;
  maxRetries: number;
  /**
   * Reading channel reply chains through Microsoft Graph (resource-specific consent
   * `ChannelMessage.Read.Group`): on unless `TEAMS_GRAPH_HISTORY=0`, and only with a password or
   * a certificate (app-only tokens); the URLs change for national clouds.
   */
  graph: { enabled: boolean; url: string; loginUrl: string };
};

/**
 * Reads the Teams app's environment. Without `TEAMS_APP_ID` botbuilder would skip
 * authentication, so the app refuses to start unless `TEAMS_INSECURE_LOCAL=1` asks for exactly
 * that. Problems name the variable, never its value.
 */
export function loadTeamsConfig(
  env: Record<string, string | undefined> = process.env,
): TeamsConfig {
  const parsed = TeamsEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw invalid(problems.join('; '));
  }
  const values = parsed.data;
  const insecureLocal = values.TEAMS_INSECURE_LOCAL === '1';
  if (values.TEAMS_APP_ID === undefined && !insecureLocal) {
    throw invalid(
      'TEAMS_APP_ID is required (without it every request would be accepted unauthenticated; set TEAMS_INSECURE_LOCAL=1 only for local testing)',
    );
  }
  if (values.TEAMS_APP_TYPE === 'SingleTenant' && values.TEAMS_APP_ID && !values.TEAMS_TENANT_ID) {
    throw invalid('TEAMS_TENANT_ID is required for a SingleTenant app (TEAMS_APP_TYPE)');
  }
  return {
    appId: values.TEAMS_APP_ID ?? '',
    appType: values.TEAMS_APP_TYPE,
    tenantId: values.TEAMS_TENANT_ID,
    credentials: credentials(values),
    insecureLocal,
    port: values.PORT,
    timeoutMs: values.TEAMS_TIMEOUT_MS,
    maxRetries: values.TEAMS_MAX_RETRIES,
    graph: {
      enabled: values.TEAMS_GRAPH_HISTORY !== '0',
      url: values.TEAMS_GRAPH_URL,
      loginUrl: values.TEAMS_LOGIN_URL,
    },
    ...loadChatConfig(env, 'TEAMS', invalid),
  };
}

function credentials(values: z.infer<typeof TeamsEnvSchema>): TeamsCredentials {
  if (values.TEAMS_APP_ID === undefined) return { kind: 'none' };
  if (values.TEAMS_APP_TYPE === 'UserAssignedMSI') return { kind: 'managed-identity' };
  const { TEAMS_APP_PASSWORD: password } = values;
  const thumbprint = values.TEAMS_CERTIFICATE_THUMBPRINT;
  const privateKey = values.TEAMS_CERTIFICATE_PRIVATE_KEY;
  if (password !== undefined && (thumbprint !== undefined || privateKey !== undefined)) {
    throw invalid('set TEAMS_APP_PASSWORD or a certificate (TEAMS_CERTIFICATE_*), not both');
  }
  if (password !== undefined) return { kind: 'password', password };
  if (thumbprint !== undefined && privateKey !== undefined) {
    return { kind: 'certificate', thumbprint, privateKey };
  }
  throw invalid(
    'set TEAMS_APP_PASSWORD, or TEAMS_CERTIFICATE_THUMBPRINT and TEAMS_CERTIFICATE_PRIVATE_KEY',
  );
}

function invalid(problem: string): ClarifyError {
  return new ClarifyError('config_invalid', `invalid Teams configuration: ${problem}`);
}
