import { SHARED } from './chat-config';
import { EnvSchema } from './load-config';
import { SlackEnvSchema } from './slack-config';
import { TeamsEnvSchema } from './teams-config';
import { WebEnvSchema } from './web-config';

/** The platforms whose own names alias the shared chat settings (`SLACK_CHANNEL_SOURCES`). */
const PLATFORM_PREFIXES = ['CLARIFY', 'SLACK', 'TEAMS', 'WEB'] as const;

/**
 * Every environment variable Clarify reads, from its configuration schemas: what deployment
 * files may set (their tests check each name against this list).
 */
export function configVariables(): ReadonlySet<string> {
  return new Set([
    ...Object.keys(EnvSchema.shape),
    ...Object.keys(SlackEnvSchema.shape),
    ...Object.keys(TeamsEnvSchema.shape),
    ...Object.keys(WebEnvSchema.shape),
    ...Object.values(SHARED).flatMap((suffix) =>
      PLATFORM_PREFIXES.map((prefix) => `${prefix}_${suffix}`),
    ),
  ]);
}
