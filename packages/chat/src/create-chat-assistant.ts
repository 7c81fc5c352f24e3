import type { ChatConfig, ClarifyConfig } from '@clarify/config';
import {
  createConfiguredAssistant,
  createReadingsPool,
  type ConfiguredAssistant,
  type KnowledgeBase,
} from '@clarify/runtime';

export type ChatAnswering = ConfiguredAssistant & {
  /** Worker threads working out offline readings; 0 when they are worked out on the loop. */
  readingThreads: number;
  /** Resolves once the reading threads have loaded the engine. */
  ready(): Promise<void>;
  close(): Promise<void>;
};

/**
 * The assistant a chat app answers with: the configured pipeline, its offline readings worked
 * out in a pool of worker threads (`CLARIFY_ANSWER_THREADS`) so that acknowledgements and
 * placeholders never wait behind other people's answers.
 */
export function createChatAssistant(
  config: Pick<ClarifyConfig, 'llm' | 'pipeline'>,
  chat: Pick<ChatConfig, 'answerThreads'>,
  kb: KnowledgeBase,
): ChatAnswering {
  const pool =
    chat.answerThreads === 0
      ? null
      : createReadingsPool({
          ...(chat.answerThreads !== undefined && { threads: chat.answerThreads }),
        });
  const configured = createConfiguredAssistant(config, kb, {
    ...(pool && { readReadings: pool.read }),
  });
  return {
    ...configured,
    readingThreads: pool?.threads ?? 0,
    ready: async () => {
      await pool?.ready();
    },
    close: async () => {
      await pool?.close();
    },
  };
}
