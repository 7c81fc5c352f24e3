import type { ChatPlatform, Conversation, ReplyRenderer } from '@clarify/chat';
import type { WebMessage, WebThreads } from './web-threads';

export const WEB_PLATFORM = 'web';
/** Every playground conversation's workspace. */
export const WEB_WORKSPACE = 'web';

/** A playground thread's key in `WebThreads`: the browser's id and the thread's. */
export function webThreadKey(conversation: Conversation): string {
  return `${conversation.channelId}/${conversation.threadId}`;
}

/**
 * The web console as a chat platform: what the conversation layer posts and updates goes into
 * the page's threads; the answers read the stored turns (the platform keeps no history).
 */
export function createWebPlatform(threads: WebThreads): ChatPlatform<WebMessage> {
  return {
    name: WEB_PLATFORM,
    post: (conversation, message) =>
      Promise.resolve(threads.append(webThreadKey(conversation), message)),
    update(conversation, messageId, message) {
      threads.replace(webThreadKey(conversation), messageId, message);
      return Promise.resolve();
    },
    tell(conversation, _userId, text) {
      threads.append(webThreadKey(conversation), { kind: 'notice', text, tone: 'info' });
      return Promise.resolve();
    },
    threadHistory: () => Promise.resolve(undefined),
    isPlatformAdmin: () => Promise.resolve(false),
  };
}

/** The layer's views kept as they are: the page renders them. */
export const webRenderer: ReplyRenderer<WebMessage> = {
  working: (text) => ({ kind: 'working', text }),
  notice: (text, tone) => ({ kind: 'notice', text, tone }),
  reply: (view) => [{ kind: 'reply', view }],
  chosen(clicked, chosen) {
    const shown = clicked.content as WebMessage | undefined;
    if (shown?.kind !== 'reply' || shown.view.kind !== 'clarify') return null;
    return { kind: 'chosen', view: shown.view, chosen };
  },
  mention: (userId) => userId,
  bold: (text) => text,
  code: (text) => text,
};
