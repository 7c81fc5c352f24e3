import { z } from 'zod';
import { ClarifyError } from '@clarify/core';
import { loadChatConfig, type ChatConfig } from './chat-config';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const WebEnvSchema = z.object({
  CLARIFY_WEB_HOST: optionalString.transform((value) => value ?? '127.0.0.1'),
  CLARIFY_WEB_PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  CLARIFY_ADMIN_TOKEN: optionalString.refine(
    (value) => value === undefined || value.length >= 16,
    'must be at least 16 characters',
  ),
  CLARIFY_WEB_SECRET: optionalString.refine(
    (value) => value === undefined || value.length >= 32,
    'must be at least 32 characters',
  ),
});

/** The web console's settings, and the shared chat ones (`WEB_*` names as aliases). */
export type WebConfig = ChatConfig & {
  /** Where it listens: loopback unless told otherwise. */
  host: string;
  port: number;
  /** Signs an admin in; when unset on loopback, one is made up at start and printed. */
  adminToken: string | undefined;
  /** Signs sessions and CSRF tokens (set it when several replicas serve one URL). */
  secret: Buffer | undefined;
};

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * Reads `CLARIFY_WEB_HOST` (127.0.0.1), `CLARIFY_WEB_PORT` (3000), `CLARIFY_ADMIN_TOKEN` and
 * `CLARIFY_WEB_SECRET`; `overrides` (the command line) win. Listening beyond loopback needs an
 * admin token of its own. Problems name the variable, never its value.
 */
export function loadWebConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: { host?: string; port?: number } = {},
): WebConfig {
  const parsed = WebEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw invalid(problems.join('; '));
  }
  const values = parsed.data;
  const host = overrides.host ?? values.CLARIFY_WEB_HOST;
  if (!LOOPBACK.has(host) && values.CLARIFY_ADMIN_TOKEN === undefined) {
    throw invalid(
      `listening on ${host} (beyond this machine) needs CLARIFY_ADMIN_TOKEN for the admin pages`,
    );
  }
  return {
    ...loadChatConfig(env, 'WEB', invalid),
    host,
    port: overrides.port ?? values.CLARIFY_WEB_PORT,
    adminToken: values.CLARIFY_ADMIN_TOKEN,
    secret:
      values.CLARIFY_WEB_SECRET === undefined
        ? undefined
        : Buffer.from(values.CLARIFY_WEB_SECRET, 'utf8'),
  };
}

export function isLoopback(host: string): boolean {
  return LOOPBACK.has(host);
}

function invalid(problem: string): ClarifyError {
  return new ClarifyError('config_invalid', `invalid web console configuration: ${problem}`);
}
