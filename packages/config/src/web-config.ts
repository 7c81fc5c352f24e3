import { z } from 'zod';
import { ClarifyError } from '@clarify/core';
import { loadChatConfig, type ChatConfig } from './chat-config';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

export const WebEnvSchema = z.object({
  CLARIFY_WEB_HOST: optionalString.transform((value) => value ?? '127.0.0.1'),
  CLARIFY_WEB_PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  CLARIFY_WEB_QUESTIONS_PER_MINUTE: z.coerce.number().int().positive().max(10_000).default(20),
  CLARIFY_ADMIN_TOKEN: optionalString.refine(
    (value) => value === undefined || value.length >= 16,
    'must be at least 16 characters',
  ),
  CLARIFY_OIDC_ISSUER: optionalString.refine(
    (value) => value === undefined || URL.canParse(value),
    'must be a URL (the issuer, as in its /.well-known/openid-configuration)',
  ),
  CLARIFY_OIDC_CLIENT_ID: optionalString,
  CLARIFY_OIDC_CLIENT_SECRET: optionalString,
  CLARIFY_OIDC_ADMINS: optionalString,
  CLARIFY_WEB_PUBLIC_URL: optionalString.refine(
    (value) => value === undefined || URL.canParse(value),
    'must be a URL (how browsers reach the console, e.g. https://clarify.example.com)',
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
  /** Questions one browser may ask the playground per minute (RG-4). */
  questionsPerMinute: number;
  /** Signs an admin in; when unset on loopback, one is made up at start and printed. */
  adminToken: string | undefined;
  /** Signs sessions and CSRF tokens (set it when several replicas serve one URL). */
  secret: Buffer | undefined;
  /** Sign-in through the company's OpenID Connect provider, when configured. */
  oidc: OidcConfig | undefined;
  /** How browsers reach the console (the OIDC redirect is built on it); else its own address. */
  publicUrl: string | undefined;
};

/** An OpenID Connect client (authorization code with PKCE) and who of its users are admins. */
export type OidcConfig = {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  /** E-mail addresses (verified) or subjects allowed into the admin pages, lower case. */
  admins: string[];
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
  const oidc = oidcOf(values);
  if (!LOOPBACK.has(host) && values.CLARIFY_ADMIN_TOKEN === undefined && oidc === undefined) {
    throw invalid(
      `listening on ${host} (beyond this machine) needs CLARIFY_ADMIN_TOKEN or CLARIFY_OIDC_ISSUER for the admin pages`,
    );
  }
  return {
    ...loadChatConfig(env, 'WEB', invalid),
    host,
    port: overrides.port ?? values.CLARIFY_WEB_PORT,
    questionsPerMinute: values.CLARIFY_WEB_QUESTIONS_PER_MINUTE,
    adminToken: values.CLARIFY_ADMIN_TOKEN,
    secret:
      values.CLARIFY_WEB_SECRET === undefined
        ? undefined
        : Buffer.from(values.CLARIFY_WEB_SECRET, 'utf8'),
    oidc,
    publicUrl: values.CLARIFY_WEB_PUBLIC_URL?.replace(/\/+$/, ''),
  };
}

function oidcOf(values: z.infer<typeof WebEnvSchema>): OidcConfig | undefined {
  const issuer = values.CLARIFY_OIDC_ISSUER;
  if (issuer === undefined) return undefined;
  const admins = (values.CLARIFY_OIDC_ADMINS ?? '')
    .split(/[\s,]+/)
    .map((admin) => admin.toLowerCase())
    .filter((admin) => admin !== '');
  if (values.CLARIFY_OIDC_CLIENT_ID === undefined) {
    throw invalid('CLARIFY_OIDC_CLIENT_ID is required with CLARIFY_OIDC_ISSUER');
  }
  if (admins.length === 0) {
    throw invalid(
      'CLARIFY_OIDC_ADMINS is required with CLARIFY_OIDC_ISSUER (the e-mails or subjects of the admins)',
    );
  }
  return {
    issuer,
    clientId: values.CLARIFY_OIDC_CLIENT_ID,
    clientSecret: values.CLARIFY_OIDC_CLIENT_SECRET,
    admins,
  };
}

export function isLoopback(host: string): boolean {
  return LOOPBACK.has(host);
}

function invalid(problem: string): ClarifyError {
  return new ClarifyError('config_invalid', `invalid web console configuration: ${problem}`);
}
