import { describeError } from '@clarify/core';
import { loadConfig, loadTeamsConfig } from '@clarify/config';
import { createChatAssistant, createPgChatStores, serveUntilSignal } from '@clarify/chat';
import { ensureSampleSource, openKnowledgeBase } from '@clarify/runtime';
import { startTeamsApp } from './create-teams-app';
import { createLogger } from './logging/logger';

/**
 * `pnpm --filter @clarify/teams start`: the Teams app over the same database as the CLI. It
 * refuses to start without `TEAMS_APP_ID` (botbuilder would not authenticate requests) unless
 * `TEAMS_INSECURE_LOCAL=1`.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const teams = loadTeamsConfig();
  const logger = createLogger(config.logLevel);
  if (teams.insecureLocal) {
    logger.warn('TEAMS_INSECURE_LOCAL=1: requests are NOT authenticated; for local testing only');
  }
  const kb = await openKnowledgeBase(config, { onWarning: (message) => logger.warn(message) });
  try {
    const sample = await ensureSampleSource(kb);
    if (sample)
      logger.info(
        { documents: sample.documentsSeen },
        'no sources yet: serving the sample knowledge base',
      );
    const answering = createChatAssistant(config, teams, kb);
    const { assistant, engine, strategy, readingThreads } = answering;
    const app = await startTeamsApp({
      config: teams,
      kb,
      assistant,
      stores: createPgChatStores(kb.database.db),
      logger,
    });
    logger.info(
      { port: app.port, engine, strategy, readingThreads, database: kb.database.description },
      'Clarify for Teams is running: POST /api/messages',
    );
    await serveUntilSignal(app, logger);
    await answering.close();
  } finally {
    await kb.close();
  }
}

main().catch((error: unknown) => {
  console.error(`clarify-teams: ${describeError(error)}`);
  process.exitCode = 1;
});
