import { randomBytes } from 'node:crypto';
import { runChatApp } from '@clarify/chat';
import { loadWebConfig, type ClarifyConfig } from '@clarify/config';
import type { KnowledgeBase } from '@clarify/runtime';
import { optionsFromConfig, startWebConsole } from '@clarify/web';
import type { Output } from '../output';
import { terminalLogger } from './terminal-logger';

export type WebCommandOptions = { host?: string; port?: number };

/**
 * `clarify web`: the web console (chat playground and admin pages) until Ctrl-C, over the same
 * data folder as every command, keeping the sources' schedules while it runs. Without
 * CLARIFY_ADMIN_TOKEN or an OIDC provider, an admin token is made up and printed.
 */
export async function runWebCommand(
  config: ClarifyConfig,
  output: Output,
  options: WebCommandOptions & { prepare?: (kb: KnowledgeBase) => Promise<void> },
): Promise<void> {
  const web = loadWebConfig(process.env, {
    ...(options.host !== undefined && { host: options.host }),
    ...(options.port !== undefined && { port: options.port }),
  });
  // Without a token of your own or an OIDC provider, one is made up for this run and printed.
  const madeUp = web.adminToken === undefined && web.oidc === undefined;
  const adminToken = madeUp ? randomBytes(18).toString('base64url') : web.adminToken;
  const logger = terminalLogger(output);
  await runChatApp({
    config,
    chat: web,
    logger,
    platform: 'web',
    ...(options.prepare && { prepare: options.prepare }),
    runningMessage: (app) =>
      `Clarify is running at ${(app as { url?: string }).url ?? `port ${app.port}`} — open it in your browser; Ctrl-C stops it.`,
    start: async (parts) => {
      const started = await startWebConsole({
        ...parts,
        ...optionsFromConfig(web),
        logger,
        adminToken,
      });
      if (madeUp) {
        output.out(
          `Admin pages: ${started.url}/admin — sign in with the token ${adminToken} (set CLARIFY_ADMIN_TOKEN to choose one).`,
        );
      }
      return started;
    },
  });
}
