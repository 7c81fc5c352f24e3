import type { AuditOutcome } from '@clarify/core';
import type { WebDeps } from '../server/web-deps';

/** Records an admin's action taken in the console; a failure to record is logged, not thrown. */
export async function auditAction(
  deps: WebDeps,
  actorUserId: string,
  entry: {
    action: string;
    target: string | null;
    outcome: AuditOutcome;
    detail?: Record<string, unknown>;
  },
): Promise<void> {
  try {
    await deps.stores.audit.record({
      platform: 'web',
      workspaceId: 'web',
      actorUserId,
      action: entry.action,
      target: entry.target,
      outcome: entry.outcome,
      detail: entry.detail ?? {},
      createdAt: deps.clock(),
    });
  } catch (error) {
    deps.logger.warn({ err: error, action: entry.action }, 'could not record an admin action');
  }
}
