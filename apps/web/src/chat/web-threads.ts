import type { ChosenView, ReplyView } from '@clarify/chat';

/** What the playground shows in a thread: the user's questions and what the layer posted. */
export type WebMessage =
  | { kind: 'question'; text: string }
  | { kind: 'working'; text: string }
  | { kind: 'notice'; text: string; tone: 'info' | 'warning' }
  | { kind: 'reply'; view: ReplyView }
  /** A clarification once an option was chosen: its buttons gone, the choice shown. */
  | { kind: 'chosen'; view: Extract<ReplyView, { kind: 'clarify' }>; chosen: ChosenView };

export type ThreadEntry = {
  id: string;
  message: WebMessage;
  /** The vote this browser gave an answer, shown pressed. */
  vote?: 'up' | 'down';
};

/** The messages of the playground's threads, in memory, the least recently used forgotten. */
export type WebThreads = {
  append(thread: string, message: WebMessage): string;
  replace(thread: string, id: string, message: WebMessage): void;
  entries(thread: string): readonly ThreadEntry[];
  find(thread: string, id: string): ThreadEntry | undefined;
  /** Whether a reply is still being worked out (a working placeholder is up). */
  working(thread: string): boolean;
};

/**
 * Threads in memory: the stored turns (Postgres) are what answers read; this is only what the
 * page shows, so a restart starts the page afresh. At most `maxThreads` threads of at most
 * `maxEntries` messages each.
 */
export function createWebThreads(limits = { maxThreads: 1000, maxEntries: 200 }): WebThreads {
  const threads = new Map<string, ThreadEntry[]>();
  let next = 0;
  const touch = (thread: string): ThreadEntry[] => {
    const entries = threads.get(thread) ?? [];
    threads.delete(thread);
    threads.set(thread, entries);
    while (threads.size > limits.maxThreads) {
      const oldest = threads.keys().next().value;
      if (oldest === undefined) break;
      threads.delete(oldest);
    }
    return entries;
  };
  return {
    append(thread, message) {
      const entries = touch(thread);
      next += 1;
      const id = `m${next}`;
      entries.push({ id, message });
      if (entries.length > limits.maxEntries) entries.splice(0, entries.length - limits.maxEntries);
      return id;
    },
    replace(thread, id, message) {
      const entry = touch(thread).find((candidate) => candidate.id === id);
      if (entry) entry.message = message;
    },
    entries: (thread) => threads.get(thread) ?? [],
    find: (thread, id) => threads.get(thread)?.find((entry) => entry.id === id),
    working: (thread) =>
      (threads.get(thread) ?? []).some((entry) => entry.message.kind === 'working'),
  };
}
