import { describeError, isClarifyError, type AuditEntry, type IndexJob } from '@clarify/core';
import { reindexSource } from '@clarify/runtime';
import { PLATFORM, type SlackContext } from '../slack-context';
import { ADMIN_USAGE, formatJob, formatSources, formatStatus } from './format-admin';

export type AdminCommand = { teamId: string; user: string; channel: string; text: string };

/** Sends an ephemeral message through the command's response_url (at most 5 per command). */
export type Respond = (text: string) => Promise<void>;

export const REFUSAL_TEXT =
  'Sorry — only Clarify admins can run `/clarify` commands. Ask one of your workspace admins if you need the index refreshed.';

/** Progress messages per re-index, so the final one stays within the response_url's 5 uses. */
const MAX_PROGRESS_MESSAGES = 3;
const PROGRESS_INTERVAL_MS = 5_000;

/**
 * `/clarify reindex [source] | status | sources`: only for the configured admin user ids or
 * workspace admins and owners; every use, refusals included, is written to the audit log.
 */
export async function runAdminCommand(
  context: SlackContext,
  command: AdminCommand,
  respond: Respond,
): Promise<void> {
  const [verb = 'help', ...rest] = command.text.trim().split(/\s+/).filter(Boolean);
  const action = verb.toLowerCase();
  const audit = (entry: Pick<AuditEntry, 'action' | 'target' | 'outcome' | 'detail'>) =>
    recordAudit(context, command, entry);

  if (!(await isAdmin(context, command.user))) {
    await audit({ action, target: rest[0] ?? null, outcome: 'refused', detail: {} });
    return respond(REFUSAL_TEXT);
  }
  try {
    if (action === 'reindex') {
      const jobs = await reindex(context, rest[0], respond);
      const failed = jobs.some((job) => job.status === 'failed');
      await audit({
        action,
        target: rest[0] ?? null,
        outcome: failed ? 'failed' : 'ok',
        detail: { jobs: jobs.map((job) => job.id) },
      });
      return;
    }
    if (action === 'status') {
      const [sources, jobs] = await Promise.all([
        context.kb.sources.list(),
        context.kb.jobs.latest({ limit: 5 }),
      ]);
      await respond(formatStatus({ sources, jobs, now: context.clock() }));
    } else if (action === 'sources') {
      await respond(formatSources(await context.kb.sources.list(), context.clock()));
    } else {
      await respond(ADMIN_USAGE);
    }
    await audit({ action, target: null, outcome: 'ok', detail: {} });
  } catch (error) {
    context.logger.error({ err: error }, 'admin command failed');
    await audit({
      action,
      target: rest[0] ?? null,
      outcome: 'failed',
      detail: { error: describeError(error) },
    });
    await respond(`That did not work: ${describeError(error)}`);
  }
}

/** Re-indexes one source or every source, one after another, reporting progress and counts. */
async function reindex(
  context: SlackContext,
  sourceId: string | undefined,
  respond: Respond,
): Promise<IndexJob[]> {
  const sources =
    sourceId === undefined
      ? (await context.kb.sources.list()).map((source) => source.id)
      : [sourceId];
  if (sources.length === 0) {
    await respond('No sources yet. Add one with `clarify index <folder>`.');
    return [];
  }
  let progressSent = 0;
  let lastProgress = Date.now();
  const jobs: IndexJob[] = [];
  const lines: string[] = [];
  for (const id of sources) {
    try {
      const job = await reindexSource(context.kb, {
        sourceId: id,
        trigger: 'admin',
        onProgress: ({ processed, total }) => {
          const now = Date.now();
          if (progressSent >= MAX_PROGRESS_MESSAGES || now - lastProgress < PROGRESS_INTERVAL_MS)
            return;
          progressSent += 1;
          lastProgress = now;
          respond(`Re-indexing *${id}*: ${processed}/${total} documents…`).catch((error: unknown) =>
            context.logger.warn({ err: error }, 'could not send progress'),
          );
        },
      });
      jobs.push(job);
      lines.push(formatJob(job));
    } catch (error) {
      lines.push(`*${id}*: ${reindexFailure(error, id)}`);
    }
  }
  await respond(`Re-index finished.\n${lines.join('\n')}`);
  return jobs;
}

function reindexFailure(error: unknown, sourceId: string): string {
  if (isClarifyError(error, 'index_already_running')) {
    return 'a re-index of this source is already running; it will report its own counts.';
  }
  if (isClarifyError(error, 'source_not_found')) {
    return `there is no source "${sourceId}"; \`/clarify sources\` lists them.`;
  }
  return `failed: ${describeError(error)}`;
}

async function isAdmin(context: SlackContext, user: string): Promise<boolean> {
  if (context.config.adminUserIds.includes(user)) return true;
  try {
    return await context.web.isWorkspaceAdmin(user);
  } catch (error) {
    context.logger.warn({ err: error }, 'could not check whether the user is a workspace admin');
    return false;
  }
}

async function recordAudit(
  context: SlackContext,
  command: AdminCommand,
  entry: Pick<AuditEntry, 'action' | 'target' | 'outcome' | 'detail'>,
): Promise<void> {
  try {
    await context.audit.record({
      platform: PLATFORM,
      workspaceId: command.teamId,
      actorUserId: command.user,
      createdAt: context.clock(),
      ...entry,
    });
  } catch (error) {
    context.logger.error({ err: error, action: entry.action }, 'could not write the audit log');
  }
}
