import { runChatApp } from '@clarify/chat';
import { describeError } from '@clarify/core';
import { loadConfig, loadTeamsConfig } from '@clarify/config';
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
  await runChatApp({
    config,
    chat: teams,
    logger,
    platform: 'teams',
    runningMessage: 'Clarify for Teams is running: POST /api/messages',
    start: (parts) => startTeamsApp({ config: teams, ...parts, logger }),
  });
}

main().catch((error: unknown) => {
  console.error(`clarify-teams: ${describeError(error)}`);
  process.exitCode = 1;
});
