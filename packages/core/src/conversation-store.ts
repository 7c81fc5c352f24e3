import type { Citation, Interpretation } from './conversation';

/** Where a conversation happens: one thread of one channel of one workspace of one platform. */
export type ThreadKey = {
  platform: string;
  workspaceId: string;
  channelId: string;
  threadId: string;
};

export type StoredTurn = {
  thread: ThreadKey;
  role: 'user' | 'assistant';
  /** The user id for user turns; null for the assistant. */
  userId: string | null;
  text: string;
  /** The standalone question the message was rewritten to, if it was. */
  rewrittenText: string | null;
  citations: Citation[];
  createdAt: Date;
};

/** The turns of each thread, the bot's own answers and their citations included. */
export interface ConversationStore {
  append(turn: StoredTurn): Promise<void>;
  /** The last `limit` turns of a thread, oldest first. */
  recent(thread: ThreadKey, limit: number): Promise<StoredTurn[]>;
}

/** A clarification waiting for the user's choice; buttons carry only its id and option ids. */
export type PendingClarification = {
  id: string;
  thread: ThreadKey;
  userId: string;
  /** The question as asked and as understood (after rewriting). */
  question: string;
  interpretedAs: string | null;
  /** The consolidated interpretations behind the options, in option order (ids "1", "2", …). */
  interpretations: Interpretation[];
  createdAt: Date;
  expiresAt: Date;
  chosenOptionId: string | null;
};

export type ChooseOutcome =
  | { status: 'chosen'; clarification: PendingClarification }
  | { status: 'already-chosen'; clarification: PendingClarification }
  | { status: 'expired' }
  | { status: 'not-found' };

export interface ClarificationStore {
  save(clarification: PendingClarification): Promise<void>;
  get(id: string): Promise<PendingClarification | null>;
  /**
   * Records the choice exactly once (a double click gets 'already-chosen'); an expired or
   * unknown clarification is reported, never chosen.
   */
  choose(id: string, optionId: string, now: Date): Promise<ChooseOutcome>;
}

/**
 * Writes earlier turns into a thread as if they had been said there, oldest first: `ask
 * --history`, benchmarks and evaluations replay a thread this way.
 */
export async function appendHistory(
  conversations: ConversationStore,
  thread: ThreadKey,
  history: ReadonlyArray<{ role: 'user' | 'assistant'; text: string }>,
  userId: string,
): Promise<void> {
  for (const turn of history) {
    await conversations.append({
      thread,
      role: turn.role,
      userId: turn.role === 'user' ? userId : null,
      text: turn.text,
      rewrittenText: null,
      citations: [],
      createdAt: new Date(),
    });
  }
}
