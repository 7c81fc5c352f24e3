import { runChatApp } from '@clarify/chat';
import { describeError } from '@clarify/core';
import { loadConfig, loadSlackConfig } from '@clarify/config';
import { startSlackApp } from './create-slack-app';
import { createLogger } from './logging/logger';

/**
 * `pnpm --filter @clarify/slack start`: the Slack app over the same database as the CLI. In
 * the embedded default the app owns the PGlite folder while it runs: admins re-index through
 * `/clarify reindex`.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const slack = loadSlackConfig();
  const logger = createLogger(config.logLevel);
  await runChatApp({
    config,
    chat: slack,
    logger,
    platform: 'slack',
    runningMessage: 'Clarify for Slack is running',
    details: { mode: slack.connection.mode },
    start: (parts) => startSlackApp({ config: slack, ...parts, logger }),
  });
}

main().catch((error: unknown) => {
  console.error(`clarify-slack: ${describeError(error)}`);
  process.exitCode = 1;
});
