import type { HistoryTurn } from '@clarify/core';
import type { ChatPlatform, Conversation, ReplyRenderer } from '../chat-platform';
import type { ChosenView, ReplyView } from '../view/reply-view';

/** A message as the recording platform keeps it: what the layer asked to show. */
export type RecordedMessage =
  | { kind: 'working'; text: string }
  | { kind: 'notice'; text: string; tone: 'info' | 'warning' }
  | { kind: 'reply'; view: ReplyView }
  | { kind: 'chosen'; chosen: ChosenView };

export type RecordedCall =
  | { call: 'post'; conversation: Conversation; id: string; message: RecordedMessage }
  | { call: 'update'; conversation: Conversation; id: string; message: RecordedMessage }
  | { call: 'tell'; conversation: Conversation; userId: string; text: string };

export type RecordingPlatform = ChatPlatform<RecordedMessage> & {
  renderer: ReplyRenderer<RecordedMessage>;
  calls: RecordedCall[];
  /** The last rendering of every message, by id. */
  messages(): Map<string, RecordedMessage>;
  /** What `threadHistory` returns; undefined reads the stored turns. */
  history: HistoryTurn[] | undefined;
  admins: Set<string>;
};

/**
 * A chat platform in memory that records what the conversation layer posts, updates and tells,
 * with a renderer that keeps the views as they are: for tests of the layer's flows.
 */
export function createRecordingPlatform(name = 'test'): RecordingPlatform {
  const calls: RecordedCall[] = [];
  let next = 0;
  const platform: RecordingPlatform = {
    name,
    calls,
    history: undefined,
    admins: new Set(),
    renderer: {
      working: (text) => ({ kind: 'working', text }),
      notice: (text, tone) => ({ kind: 'notice', text, tone }),
      reply: (view) => [{ kind: 'reply', view }],
      chosen: (_clicked, chosen) => ({ kind: 'chosen', chosen }),
      mention: (userId) => `@${userId}`,
      bold: (text) => `**${text}**`,
      code: (text) => `\`${text}\``,
    },
    post(conversation, message) {
      next += 1;
      const id = `m${next}`;
      calls.push({ call: 'post', conversation, id, message });
      return Promise.resolve(id);
    },
    update(conversation, id, message) {
      calls.push({ call: 'update', conversation, id, message });
      return Promise.resolve();
    },
    tell(conversation, userId, text) {
      calls.push({ call: 'tell', conversation, userId, text });
      return Promise.resolve();
    },
    threadHistory: () => Promise.resolve(platform.history),
    isPlatformAdmin: (userId) => Promise.resolve(platform.admins.has(userId)),
    messages() {
      const latest = new Map<string, RecordedMessage>();
      for (const call of calls) if (call.call !== 'tell') latest.set(call.id, call.message);
      return latest;
    },
  };
  return platform;
}
