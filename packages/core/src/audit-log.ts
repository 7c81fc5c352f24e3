export type AuditOutcome = 'ok' | 'refused' | 'failed';

/** One admin action (or an attempt at one) taken through a chat platform. */
export type AuditEntry = {
  platform: string;
  workspaceId: string;
  actorUserId: string;
  /** What was asked for: 'reindex', 'status', 'sources', 'refused', … */
  action: string;
  /** What it was done to (a source id, say), or null. */
  target: string | null;
  outcome: AuditOutcome;
  /** JSON-serialisable facts about the action; read back as JSON (a Date comes back a string). */
  detail: Record<string, unknown>;
  createdAt: Date;
};

/** An append-only record of admin actions. */
export interface AuditLog {
  record(entry: AuditEntry): Promise<void>;
  /** The last `limit` entries, newest first (by createdAt, then by when recorded, latest first). */
  recent(limit: number): Promise<AuditEntry[]>;
}
