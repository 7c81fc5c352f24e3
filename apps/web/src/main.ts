import { runChatApp } from '@clarify/chat';
import { loadConfig, loadWebConfig } from '@clarify/config';
import { describeError } from '@clarify/core';
import { createWebLogger } from './web-logger';
import { optionsFromConfig } from './options-from-config';
import { startWebConsole } from './start-web-console';

/**
 * `pnpm --filter @clarify/web start`, the container's command: the web console with JSON logs,
 * configured by the environment only (`CLARIFY_WEB_*`, `CLARIFY_ADMIN_TOKEN` or
 * `CLARIFY_OIDC_*`: beyond loopback one of them is required).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const web = loadWebConfig();
  const logger = createWebLogger(config.logLevel);
  if (web.adminToken === undefined && web.oidc === undefined) {
    logger.warn('no CLARIFY_ADMIN_TOKEN or CLARIFY_OIDC_ISSUER: the admin pages are closed');
  }
  await runChatApp({
    config,
    chat: web,
    logger,
    platform: 'web',
    runningMessage: 'Clarify web console is running',
    start: (parts) => startWebConsole({ ...parts, ...optionsFromConfig(web), logger }),
  });
}

main().catch((error: unknown) => {
  console.error(`clarify-web: ${describeError(error)}`);
  process.exitCode = 1;
});
