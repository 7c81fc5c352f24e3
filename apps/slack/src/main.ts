import { createChatAssistant, serveUntilSignal } from '@clarify/chat';
import { describeError } from '@clarify/core';
import { loadConfig, loadSlackConfig } from '@clarify/config';
import { ensureSampleSource, openKnowledgeBase } from '@clarify/runtime';
import { startSlackApp } from './create-slack-app';
import { createLogger } from './logging/logger';
import { createPgSlackStores } from './slack-stores';

/**
 * `pnpm --filter @clarify/slack start`: the Slack app over the same database as the CLI. In
 * the embedded default the app owns the PGlite folder while it runs: admins re-index through
 * `/clarify reindex`.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const slack = loadSlackConfig();
  const logger = createLogger(config.logLevel);
  const kb = await openKnowledgeBase(config, {
    onWarning: (message) => logger.warn(message),
  });
  try {
    const sample = await ensureSampleSource(kb);
    if (sample)
      logger.info(
        { documents: sample.documentsSeen },
        'no sources yet: serving the sample knowledge base',
      );
    const answering = createChatAssistant(config, slack, kb);
    const { assistant, engine, strategy, readingThreads } = answering;
    const app = await startSlackApp({
      config: slack,
      kb,
      assistant,
      stores: createPgSlackStores(kb.database.db),
      logger,
    });
    logger.info(
      {
        mode: slack.connection.mode,
        port: app.port,
        engine,
        strategy,
        readingThreads,
        database: kb.database.description,
      },
      'Clarify for Slack is running',
    );
    await serveUntilSignal(app, logger);
    await answering.close();
  } finally {
    await kb.close();
  }
}

main().catch((error: unknown) => {
  console.error(`clarify-slack: ${describeError(error)}`);
  process.exitCode = 1;
});
