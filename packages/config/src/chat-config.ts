import { z } from 'zod';
import type { ClarifyError } from '@clarify/core';

/** What every chat platform's app shares: access, admins, who may choose, concurrency. */
export type ChatConfig = {
  /** Users who may run the admin commands (platform admins may too, where the platform says). */
  adminUserIds: string[];
  /**
   * Which sources a channel (or a Teams team) may read (RG-1); unlisted ones read
   * `defaultSources`.
   */
  channelSources: Record<string, string[]>;
  /** The sources of direct messages and unlisted channels; undefined means every source. */
  defaultSources: string[] | undefined;
  /** Who may pick an option of a clarification: anyone in the thread, or only who asked. */
  choiceBy: 'anyone' | 'asker';
  /** Questions and choices answered at once; more wait, their "working…" already shown. */
  concurrency: number;
  /**
   * Worker threads that work out offline readings off the event loop; 0 works them out on
   * it; undefined takes the cores but one (at most four).
   */
  answerThreads?: number;
};

/** The shared settings' names; each platform's own prefixed name is read as an alias. */
export const SHARED = {
  adminUserIds: 'ADMIN_USER_IDS',
  channelSources: 'CHANNEL_SOURCES',
  defaultSources: 'DEFAULT_SOURCES',
  choiceBy: 'CHOICE_BY',
  concurrency: 'CONCURRENCY',
  answerThreads: 'ANSWER_THREADS',
} as const;

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const ChatEnvSchema = z.object({
  ADMIN_USER_IDS: optionalString.transform((value) =>
    value === undefined ? [] : value.split(/[\s,]+/).filter((id) => id.length > 0),
  ),
  CHANNEL_SOURCES: optionalString,
  DEFAULT_SOURCES: optionalString,
  CHOICE_BY: z.enum(['anyone', 'asker']).default('anyone'),
  CONCURRENCY: z.coerce.number().int().positive().max(256).default(8),
  ANSWER_THREADS: z.coerce.number().int().min(0).max(64).optional(),
});

/**
 * Reads the shared chat settings: `CLARIFY_ADMIN_USER_IDS`, `CLARIFY_CHANNEL_SOURCES`,
 * `CLARIFY_DEFAULT_SOURCES`, `CLARIFY_CHOICE_BY`, `CLARIFY_CONCURRENCY`. A platform's own name
 * (`SLACK_CHANNEL_SOURCES`, `TEAMS_ADMIN_USER_IDS`, …) is used when the shared one is unset.
 * Problems name the variable, never its value.
 */
export function loadChatConfig(
  env: Record<string, string | undefined>,
  platformPrefix: string,
  invalid: (problem: string) => ClarifyError,
): ChatConfig {
  const names = {} as Record<keyof typeof SHARED, string>;
  const values: Record<string, string | undefined> = {};
  for (const [field, suffix] of Object.entries(SHARED) as Array<[keyof typeof SHARED, string]>) {
    const shared = `CLARIFY_${suffix}`;
    const alias = `${platformPrefix}_${suffix}`;
    const useShared = env[shared]?.trim() || env[alias]?.trim() === undefined;
    names[field] = useShared ? shared : alias;
    values[suffix] = useShared ? env[shared] : env[alias];
  }
  const parsed = ChatEnvSchema.safeParse(values);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const suffix = String(issue.path[0]);
      const field = (Object.keys(SHARED) as Array<keyof typeof SHARED>).find(
        (key) => SHARED[key] === suffix,
      );
      return `${field ? names[field] : suffix}: ${issue.message}`;
    });
    throw invalid(problems.join('; '));
  }
  const value = parsed.data;
  return {
    adminUserIds: value.ADMIN_USER_IDS,
    channelSources: channelSources(value.CHANNEL_SOURCES, names.channelSources, invalid),
    defaultSources: value.DEFAULT_SOURCES?.split(/[\s,]+/).filter(Boolean),
    choiceBy: value.CHOICE_BY,
    concurrency: value.CONCURRENCY,
    ...(value.ANSWER_THREADS !== undefined && { answerThreads: value.ANSWER_THREADS }),
  };
}

/**
 * `C123=handbook,it; 19:abc@thread.tacv2=eng` → { C123: ['handbook', 'it'], '19:abc@thread.tacv2':
 * ['eng'] }: Slack channel ids, Teams channel and team ids.
 */
function channelSources(
  value: string | undefined,
  name: string,
  invalid: (problem: string) => ClarifyError,
): Record<string, string[]> {
  const mapping: Record<string, string[]> = {};
  if (value === undefined) return mapping;
  for (const entry of value.split(';')) {
    if (entry.trim() === '') continue;
    const match = /^\s*([^\s=;]+)\s*=\s*([^=]*)$/.exec(entry);
    const sources = match?.[2]?.split(/[\s,]+/).filter(Boolean) ?? [];
    if (match?.[1] === undefined || sources.length === 0) {
      throw invalid(`${name}: expected "CHANNEL_ID=source,source; CHANNEL_ID=source"`);
    }
    mapping[match[1]] = sources;
  }
  return mapping;
}
