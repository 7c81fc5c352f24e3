import { validateDetailed } from 'node-cron';
import { ClarifyError, type Source, type SourceStore } from '@clarify/core';
import { checkSourceSettings } from '@clarify/ingest';

/** A source as an admin declares it (command line, `clarify.config.yaml`). */
export type SourceDeclaration = {
  id: string;
  type: string;
  name?: string;
  settings: Record<string, unknown>;
  /** A cron expression (five or six fields); null or absent: manual only. */
  schedule?: string | null;
  /** Audience tags allowed to read it; empty: everyone. */
  audience?: string[];
};

const SOURCE_ID = /^[a-z0-9][a-z0-9._-]{0,62}$/;
const AUDIENCE_TAG = /^[A-Za-z0-9][A-Za-z0-9:._@-]{0,127}$/;

/**
 * Checks a declared source (id, type, its connector's settings, schedule, audience) and saves
 * it; every problem is named with `where` ("--path", "clarify.config.yaml line 4: sources[0]").
 */
export async function saveSource(
  sources: SourceStore,
  declaration: SourceDeclaration,
  where = `source "${declaration.id}"`,
): Promise<Source> {
  const id = checkSourceId(declaration.id, where);
  const settings = checkSourceSettings(declaration.type, declaration.settings, where);
  const schedule =
    declaration.schedule === undefined || declaration.schedule === null
      ? declaration.schedule
      : checkSchedule(declaration.schedule, where);
  const audience = declaration.audience?.map((tag) => checkAudienceTag(tag, where));
  return sources.upsert({
    id,
    name: declaration.name ?? id,
    type: declaration.type as Source['type'],
    settings,
    ...(schedule !== undefined && { schedule }),
    ...(audience !== undefined && { audience }),
  });
}

export function checkSourceId(id: string, where = 'source id'): string {
  if (!SOURCE_ID.test(id)) {
    throw new ClarifyError(
      'invalid_input',
      `${where}: invalid source id "${id}": use a-z, 0-9, ".", "_", "-" (at most 63)`,
    );
  }
  return id;
}

/** A cron expression node-cron runs ("0 3 * * *": at 03:00 every day), trimmed. */
export function checkSchedule(expression: string, where = 'schedule'): string {
  const trimmed = expression.trim();
  const checked = validateDetailed(trimmed);
  if (!checked.valid) {
    const reasons = checked.errors.map((error) => error.message).join('; ');
    throw new ClarifyError(
      'invalid_input',
      `${where}: "${trimmed}" is not a cron schedule${reasons ? ` (${reasons})` : ''}; e.g. "0 3 * * *" for 03:00 daily`,
    );
  }
  return trimmed;
}

function checkAudienceTag(tag: string, where: string): string {
  if (!AUDIENCE_TAG.test(tag)) {
    throw new ClarifyError('invalid_input', `${where}: invalid audience tag "${tag}"`);
  }
  return tag;
}
