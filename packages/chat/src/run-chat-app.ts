import type { ChatConfig, ClarifyConfig } from '@clarify/config';
import { checkDatabase } from '@clarify/db';
import {
  applyDeclaredSourcesAtStart,
  createOperationsEndpoints,
  createReadiness,
  ensureSampleSource,
  instrumentAssistant,
  openKnowledgeBase,
  type OperationsEndpoints,
  startIndexing,
  type IndexDispatch,
  type KnowledgeBase,
} from '@clarify/runtime';
import type { ChatAssistant, ChatStores, Logger } from './chat-context';
import { createChatAssistant } from './create-chat-assistant';
import { createPgChatStores } from './pg-chat-stores';
import { serveUntilSignal, untilSignal } from './serve-until-signal';

/** A running chat app, as its `start` returns it. */
export type StartedChatApp = { port: number | null; stop(): Promise<void> };

/**
 * A chat app's process: the knowledge base (the sample one when there is no source yet), the
 * configured assistant with its reading threads, the stores; the app started, logged as
 * running with `details`, served until SIGINT or SIGTERM, then everything closed in order.
 */
export async function runChatApp(options: {
  config: ClarifyConfig;
  chat: ChatConfig;
  logger: Logger;
  /** The platform's name in metrics: "slack", "teams", "web". */
  platform: string;
  /** "Clarify for Slack is running", …; from the started app when it says where it listens. */
  runningMessage: string | ((app: StartedChatApp) => string);
  /** Runs once the knowledge base is open, before the sample is ensured (a progress bar, say). */
  prepare?: (kb: KnowledgeBase) => Promise<void>;
  start(parts: {
    kb: KnowledgeBase;
    assistant: ChatAssistant;
    stores: ChatStores;
    indexing: IndexDispatch;
    /** `/healthz`, `/readyz`, `/metrics`, for the app's HTTP server to answer. */
    operations: OperationsEndpoints;
  }): Promise<StartedChatApp>;
  details?: Record<string, unknown>;
}): Promise<void> {
  const { config, logger } = options;
  const kb = await openKnowledgeBase(config, { onWarning: (message) => logger.warn(message) });
  try {
    await applyDeclaredSourcesAtStart(kb.sources, config.sources.file, logger);
    await options.prepare?.(kb);
    const sample = await ensureSampleSource(kb);
    if (sample) {
      logger.info(
        { documents: sample.documentsSeen },
        'no sources yet: serving the sample knowledge base',
      );
    }
    const indexing = await startIndexing(kb, { role: 'app', logger });
    const answering = createChatAssistant(config, options.chat, kb);
    try {
      await answering.ready();
      const operations = createOperationsEndpoints({
        readiness: createReadiness({
          checkDatabase: () => checkDatabase(kb.database),
          circuit: answering.circuit,
        }),
        sources: () => kb.sources.list(),
      });
      // Listening for SIGTERM before saying we run: see untilSignal.
      const signalled = untilSignal();
      const app = await options.start({
        kb,
        assistant: instrumentAssistant(answering.assistant, options.platform),
        stores: createPgChatStores(kb.database.db),
        indexing: indexing.dispatch,
        operations,
      });
      logger.info(
        {
          ...options.details,
          port: app.port,
          engine: answering.engine,
          strategy: answering.strategy,
          readingThreads: answering.readingThreads,
          database: kb.database.description,
          indexWorker: indexing.working ? 'in-process' : 'external',
        },
        typeof options.runningMessage === 'string'
          ? options.runningMessage
          : options.runningMessage(app),
      );
      await serveUntilSignal(app, logger, signalled);
    } finally {
      await indexing.stop();
      await answering.close();
      answering.circuit?.dispose();
    }
  } finally {
    await kb.close();
  }
}
