import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { App, HTTPReceiver, LogLevel, type AppOptions } from '@slack/bolt';
import { WebClient } from '@slack/web-api';
import {
  createConversationLayer,
  knowledgeBaseAdmin,
  type ChatAssistant,
  type ChatStores,
} from '@clarify/chat';
import type { SlackConfig } from '@clarify/config';
import {
  serveOperations,
  type IndexDispatch,
  type KnowledgeBase,
  type OperationsEndpoints,
} from '@clarify/runtime';
import { registerActions } from './actions/register-actions';
import { registerCommands } from './admin/register-commands';
import { registerEvents } from './events/register-events';
import { boltLogger, type Logger } from './logging/logger';
import { createSlackPlatform } from './slack-platform';
import { slackRenderer } from './slack-renderer';
import { createSlackHttpServer } from './web/slack-http-server';
import { createSlackWeb, webClientOptions } from './web/slack-web';

export type SlackAppOptions = {
  config: SlackConfig;
  kb: KnowledgeBase;
  /** Where `/clarify reindex` goes: this process, or the queue for the workers. */
  indexing?: IndexDispatch;
  assistant: ChatAssistant;
  stores: ChatStores;
  logger: Logger;
  /**
   * `/healthz`, `/readyz` and `/metrics`: on the HTTP receiver's port, or (Socket Mode) on a
   * server of their own on `PORT`.
   */
  operations?: OperationsEndpoints;
  /** Interface the HTTP receiver listens on; every interface when absent. */
  host?: string;
  clock?: () => Date;
  newId?: () => string;
};

export type RunningSlackApp = {
  /** The HTTP port (HTTP mode), or null in Socket Mode. */
  port: number | null;
  /** Resolves when every event, click and command received so far has been handled. */
  idle(): Promise<void>;
  /** Stops taking requests, then waits for the work in flight. */
  stop(): Promise<void>;
};

/**
 * The Bolt app: signed HTTP requests on `/slack/events` (Bolt's default path) or Socket Mode,
 * the events, buttons and `/clarify` handlers parsing into the shared conversation layer.
 * Handlers acknowledge first and the layer does the work in the background; `idle` and `stop`
 * wait for it.
 */
export async function startSlackApp(options: SlackAppOptions): Promise<RunningSlackApp> {
  const { config, logger } = options;
  const clientOptions = {
    ...webClientOptions({
      apiUrl: config.apiUrl,
      timeoutMs: config.timeoutMs,
      maxRetries: config.maxRetries,
    }),
    logger: boltLogger(logger),
  };
  const client = new WebClient(config.botToken, clientOptions);
  const web = createSlackWeb(client);
  const bot = await web.whoAmI();
  const connection = config.connection;
  const { appOptions, http } = boltConnection(connection, logger);
  const app = new App({
    token: config.botToken,
    botUserId: bot.userId,
    ...(bot.botId && { botId: bot.botId }),
    // The identity is known: no auth.test per request.
    tokenVerificationEnabled: false,
    logger: boltLogger(logger),
    clientOptions,
    ...appOptions,
  });
  const layer = await createConversationLayer({
    platform: createSlackPlatform(web, bot),
    renderer: slackRenderer,
    assistant: options.assistant,
    stores: options.stores,
    admin: knowledgeBaseAdmin(options.kb, options.indexing),
    config,
    logger,
    ...(options.clock && { clock: options.clock }),
    ...(options.newId && { newId: options.newId }),
  });
  registerEvents(app, layer, bot);
  registerActions(app, layer);
  registerCommands(app, layer, config);
  app.error((error) => {
    logger.error({ err: error }, 'Bolt could not handle a request');
    return Promise.resolve();
  });

  let server: Server | null = null;
  if (http && connection.mode === 'http') {
    server = createSlackHttpServer(http.requestListener, {
      onRequest: layer.receiving,
      ...(options.operations && { operations: options.operations }),
    });
    server.listen({ port: connection.port, ...(options.host && { host: options.host }) });
    await once(server, 'listening');
  } else {
    await app.start();
    if (options.operations && connection.mode === 'socket' && connection.port !== undefined) {
      server = await serveOperations(options.operations, {
        port: connection.port,
        ...(options.host && { host: options.host }),
      });
    }
  }
  const port = server ? (server.address() as AddressInfo).port : null;
  return {
    port,
    idle: () => layer.idle(),
    async stop() {
      if (server) {
        const closed = new Promise((resolve) => server?.close(resolve));
        server.closeIdleConnections();
        await closed;
      }
      if (connection.mode === 'socket') await app.stop();
      await layer.stop();
    },
  };
}

/**
 * How Bolt reaches Slack: an HTTP receiver (served by our own server, see slack-http-server.ts)
 * or Socket Mode with the app token.
 */
function boltConnection(
  connection: SlackConfig['connection'],
  logger: Logger,
): {
  appOptions: Pick<AppOptions, 'receiver' | 'appToken' | 'socketMode'>;
  http: HTTPReceiver | null;
} {
  if (connection.mode === 'socket') {
    return { appOptions: { appToken: connection.appToken, socketMode: true }, http: null };
  }
  const http = new HTTPReceiver({
    signingSecret: connection.signingSecret,
    logger: boltLogger(logger),
    logLevel: LogLevel.ERROR,
    processBeforeResponse: false,
  });
  return { appOptions: { receiver: http }, http };
}

export { EVENT_KEY_RETENTION_MS } from '@clarify/chat';
