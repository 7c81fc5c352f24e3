/** An activity the bot posted, as it stands after its updates. */
export type StoredTeamsActivity = {
  id: string;
  conversationId: string;
  /** The posted (or last updated) activity, with `id` set. */
  activity: Record<string, unknown>;
  /** How many times it was updated. */
  updates: number;
};

/** The bot's activities in posting order, with ids `act-1`, `act-2`, … */
export function createActivityStore() {
  const activities = new Map<string, StoredTeamsActivity>();
  let count = 0;

  return {
    /** Stores a sent activity or reply under a new id; returns the id. */
    post(conversationId: string, activity: Record<string, unknown>): string {
      const id = `act-${++count}`;
      activities.set(id, { id, conversationId, activity: { ...activity, id }, updates: 0 });
      return id;
    },
    /** Replaces an activity; one the bot did not post here (e.g. seeded by a test) is added. */
    update(conversationId: string, id: string, activity: Record<string, unknown>): void {
      const stored = activities.get(id);
      activities.set(id, {
        id,
        conversationId: stored?.conversationId ?? conversationId,
        activity: { ...activity, id },
        updates: (stored?.updates ?? 0) + 1,
      });
    },
    delete(id: string): void {
      activities.delete(id);
    },
    /** Copies, in posting order; only `conversationId`'s when given. */
    list(conversationId?: string): StoredTeamsActivity[] {
      return [...activities.values()]
        .filter(
          (stored) => conversationId === undefined || stored.conversationId === conversationId,
        )
        .map((stored) => structuredClone(stored));
    },
  };
}
