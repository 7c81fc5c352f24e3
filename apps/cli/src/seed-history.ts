import type { ConversationStore, ThreadKey } from '@clarify/core';

/** Earlier turns of a thread in the benchmark format's `history` shape. */
export type HistoryEntry = { role: 'user' | 'assistant'; text: string };

/** Writes earlier turns into a thread, as if they had been said there, oldest first. */
export async function seedHistory(
  conversations: ConversationStore,
  thread: ThreadKey,
  history: readonly HistoryEntry[],
  userId: string,
): Promise<void> {
  for (const entry of history) {
    await conversations.append({
      thread,
      role: entry.role,
      userId: entry.role === 'user' ? userId : null,
      text: entry.text,
      rewrittenText: null,
      citations: [],
      createdAt: new Date(),
    });
  }
}
