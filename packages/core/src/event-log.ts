/** One incoming platform event, e.g. Slack's (team id, event id) or a Teams activity id. */
export type EventKey = {
  platform: string;
  /** Unique per platform; the caller composes it (Slack: `${teamId}:${eventId}`). */
  key: string;
};

/**
 * Which platform events are already being handled, so a redelivered event gets no second reply
 * (RELIABILITY SL-3). Claims are shared by every process using the same store.
 */
export interface EventLog {
  /**
   * Claims an event for handling: true for exactly one caller per key, however many claim it at
   * once and from however many processes; false for every other and every later claim.
   * `now` is when the claim is recorded (default: the store's clock).
   */
  claim(key: EventKey, now?: Date): Promise<boolean>;
  /**
   * Forgets the claims recorded before `olderThan` (exclusive) and returns how many; their keys
   * can be claimed again.
   */
  prune(olderThan: Date): Promise<number>;
}
