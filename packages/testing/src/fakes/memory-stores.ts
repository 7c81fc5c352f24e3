import { ClarifyError } from '@clarify/core';
import type {
  ClarificationStore,
  ConversationStore,
  PendingClarification,
  StoredTurn,
  ThreadKey,
} from '@clarify/core';

/**
 * Thread turns in memory, with the Postgres store's semantics: `recent` returns the last
 * `limit` turns of exactly that thread (platform, workspace, channel and thread all match),
 * ordered by `createdAt` with ties kept in insertion order, oldest first. Turns are copied in
 * and out, so a caller mutating what it passed or got back cannot change what is stored.
 */
export function createMemoryConversationStore(): ConversationStore & {
  readonly turns: readonly StoredTurn[];
} {
  const turns: StoredTurn[] = [];
  return {
    turns,
    append(turn) {
      turns.push(structuredClone(turn));
      return Promise.resolve();
    },
    recent(thread, limit) {
      if (limit <= 0) return Promise.resolve([]);
      const mine = turns
        .filter((turn) => sameThread(turn.thread, thread))
        // Array.prototype.sort is stable: equal createdAt keeps insertion order.
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      return Promise.resolve(structuredClone(mine.slice(-limit)));
    },
  };
}

/**
 * Pending clarifications in memory, with the Postgres store's semantics: `choose` records the
 * first valid choice only (later ones get 'already-chosen' with the first choice, even after
 * expiry); an unchosen clarification expires at `expiresAt` (inclusive); an unknown id is
 * 'not-found'; an option that is not "all", "none" or one of the offered numbers ("1", "2", …) is
 * rejected with ClarifyError('invalid_input'). JavaScript runs each call to completion, so
 * concurrent choices cannot both win, as the conditional UPDATE guarantees in Postgres.
 */
export function createMemoryClarificationStore(): ClarificationStore {
  const saved = new Map<string, PendingClarification>();
  return {
    save(clarification) {
      if (saved.has(clarification.id)) {
        const message = `clarification ${clarification.id} already exists`;
        return Promise.reject(new ClarifyError('invalid_input', message));
      }
      saved.set(clarification.id, structuredClone(clarification));
      return Promise.resolve();
    },
    get(id) {
      const found = saved.get(id);
      return Promise.resolve(found === undefined ? null : structuredClone(found));
    },
    choose(id, optionId, now) {
      // The option's form is checked first, as the Postgres store does before any query.
      const named = optionId === 'all' || optionId === 'none';
      if (!named && !/^[1-9]\d{0,5}$/.test(optionId)) {
        return Promise.reject(invalidOption(null, optionId));
      }
      const found = saved.get(id);
      if (found === undefined) return Promise.resolve({ status: 'not-found' });
      if (!named && Number(optionId) > found.interpretations.length) {
        return Promise.reject(invalidOption(id, optionId));
      }
      if (found.chosenOptionId !== null) {
        return Promise.resolve({ status: 'already-chosen', clarification: structuredClone(found) });
      }
      if (found.expiresAt.getTime() <= now.getTime()) return Promise.resolve({ status: 'expired' });
      found.chosenOptionId = optionId;
      return Promise.resolve({ status: 'chosen', clarification: structuredClone(found) });
    },
  };
}

function sameThread(a: ThreadKey, b: ThreadKey): boolean {
  return (
    a.platform === b.platform &&
    a.workspaceId === b.workspaceId &&
    a.channelId === b.channelId &&
    a.threadId === b.threadId
  );
}

function invalidOption(id: string | null, optionId: string): ClarifyError {
  const where = id === null ? '' : ` of clarification ${id}`;
  return new ClarifyError('invalid_input', `"${optionId}" is not an option${where}`);
}
