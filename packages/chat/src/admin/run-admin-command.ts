import { describeError, isClarifyError, type AuditEntry, type IndexJob } from '@clarify/core';
import type { ChatContext } from '../chat-context';
import {
  adminUsage,
  formatJob,
  formatSources,
  formatStatus,
  noSourcesText,
  type TextStyle,
} from './format-admin';

/** An admin command as typed: `reindex [source]`, `status`, `sources`, anything else for help. */
export type AdminCommand = {
  workspaceId: string;
  userId: string;
  text: string;
  /** How users type the command on this platform: "/clarify", "@Clarify". */
  prefix: string;
};

/** Sends a short text back to the admin (Slack: the response_url; Teams: a reply). */
export type Respond = (text: string) => Promise<void>;

export function refusalText(style: TextStyle, prefix: string): string {
  return `Sorry — only Clarify admins can run ${style.code(prefix)} commands. Ask one of your workspace admins if you need the index refreshed.`;
}

/** Progress messages per re-index, so the final one stays within Slack's 5 response_url uses. */
const MAX_PROGRESS_MESSAGES = 3;
const PROGRESS_INTERVAL_MS = 5_000;

/**
 * `reindex [source] | status | sources`: only for the configured admin user ids or the
 * platform's own admins; every use, refusals included, is written to the audit log.
 */
export async function runAdminCommand<M>(
  context: ChatContext<M>,
  command: AdminCommand,
  respond: Respond,
): Promise<void> {
  const [verb = 'help', ...rest] = command.text.trim().split(/\s+/).filter(Boolean);
  const action = verb.toLowerCase();
  const style = context.renderer;
  const audit = (entry: Pick<AuditEntry, 'action' | 'target' | 'outcome' | 'detail'>) =>
    recordAudit(context, command, entry);
  if (!(await isAdmin(context, command.userId))) {
    await audit({ action, target: rest[0] ?? null, outcome: 'refused', detail: {} });
    return respond(refusalText(style, command.prefix));
  }
  try {
    if (action === 'reindex') {
      const jobs = await reindex(context, rest[0], command.prefix, respond, command.userId);
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
        context.admin.sources(),
        context.admin.latestJobs(5),
      ]);
      await respond(formatStatus({ sources, jobs, now: context.clock() }, style));
    } else if (action === 'sources') {
      await respond(formatSources(await context.admin.sources(), context.clock(), style));
    } else {
      await respond(adminUsage(style, command.prefix));
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

/** Whether a user may run admin commands: configured, or an admin of the platform. */
export async function isAdmin<M>(context: ChatContext<M>, userId: string): Promise<boolean> {
  if (context.config.adminUserIds.includes(userId)) return true;
  try {
    return await context.platform.isPlatformAdmin(userId);
  } catch (error) {
    context.logger.warn({ err: error }, 'could not check whether the user is a platform admin');
    return false;
  }
}

/** Re-indexes one source or every source, one after another, reporting progress and counts. */
async function reindex<M>(
  context: ChatContext<M>,
  sourceId: string | undefined,
  prefix: string,
  respond: Respond,
  requestedBy: string,
): Promise<IndexJob[]> {
  const style = context.renderer;
  const sources =
    sourceId === undefined
      ? (await context.admin.sources()).map((source) => source.id)
      : [sourceId];
  if (sources.length === 0) {
    await respond(noSourcesText(style));
    return [];
  }
  let progressSent = 0;
  let lastProgress = Date.now();
  const jobs: IndexJob[] = [];
  const lines: string[] = [];
  for (const id of sources) {
    try {
      const job = await context.admin.reindex(
        id,
        ({ processed, total }) => {
          const now = Date.now();
          if (progressSent >= MAX_PROGRESS_MESSAGES || now - lastProgress < PROGRESS_INTERVAL_MS) {
            return;
          }
          progressSent += 1;
          lastProgress = now;
          respond(`Re-indexing ${style.bold(id)}: ${processed}/${total} documents…`).catch(
            (error: unknown) => context.logger.warn({ err: error }, 'could not send progress'),
          );
        },
        requestedBy,
      );
      jobs.push(job);
      lines.push(formatJob(job, style));
    } catch (error) {
      lines.push(
        `${style.bold(id)}: ${reindexFailure(error, id, style.code(`${prefix} sources`))}`,
      );
    }
  }
  await respond(`Re-index finished.\n${lines.join('\n')}`);
  return jobs;
}

function reindexFailure(error: unknown, sourceId: string, sourcesCommand: string): string {
  if (isClarifyError(error, 'index_already_running')) {
    return `${error.message.replace(/^source "[^"]*" is /, '')}.`;
  }
  if (isClarifyError(error, 'source_not_found')) {
    return `there is no source "${sourceId}"; ${sourcesCommand} lists them.`;
  }
  return `failed: ${describeError(error)}`;
}

async function recordAudit<M>(
  context: ChatContext<M>,
  command: AdminCommand,
  entry: Pick<AuditEntry, 'action' | 'target' | 'outcome' | 'detail'>,
): Promise<void> {
  try {
    await context.stores.audit.record({
      platform: context.platform.name,
      workspaceId: command.workspaceId,
      actorUserId: command.userId,
      createdAt: context.clock(),
      ...entry,
    });
  } catch (error) {
    context.logger.error({ err: error, action: entry.action }, 'could not write the audit log');
  }
}
