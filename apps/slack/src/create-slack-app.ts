import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { App, HTTPReceiver, LogLevel, type AppOptions } from '@slack/bolt';
import { WebClient } from '@slack/web-api';
import pLimit from 'p-limit';
import type { SlackConfig } from '@clarify/config';
import type {
  Assistant,
  AuditLog,
  ClarificationStore,
  EventLog,
  FeedbackStore,
} from '@clarify/core';
import type { KnowledgeBase } from '@clarify/runtime';
import { registerActions } from './actions/register-actions';
import { registerCommands } from './admin/register-commands';
import { registerEvents } from './events/register-events';
import { boltLogger, type Logger } from './logging/logger';
import type { SlackContext } from './slack-context';
import { createSlackHttpServer } from './web/slack-http-server';
import { createSlackWeb, webClientOptions } from './web/slack-web';

export type SlackAppOptions = {
  config: SlackConfig;
  kb: KnowledgeBase;
  assistant: Assistant;
  stores: {
    events: EventLog;
    feedback: FeedbackStore;
    audit: AuditLog;
    clarifications: ClarificationStore;
  };
  logger: Logger;
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
 * the events, buttons and `/clarify` handlers over one context. Handlers acknowledge first
 * and do their work in the background; `idle` and `stop` wait for it.
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
  const context: SlackContext = {
    assistant: options.assistant,
    web,
    bot,
    ...options.stores,
    conversations: options.kb.conversations,
    kb: options.kb,
    config,
    logger,
    clock: options.clock ?? (() => new Date()),
    newId: options.newId ?? (() => globalThis.crypto.randomUUID()),
    answering: pLimit(config.concurrency),
  };
  const inFlight = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    const settled = work.catch((error: unknown) => logger.error({ err: error }, 'handler failed'));
    inFlight.add(settled);
    void settled.finally(() => inFlight.delete(settled));
  };
  registerEvents(app, context, track);
  registerActions(app, context, track);
  registerCommands(app, context, track);
  app.error((error) => {
    logger.error({ err: error }, 'Bolt could not handle a request');
    return Promise.resolve();
  });

  let server: Server | null = null;
  if (http && connection.mode === 'http') {
    server = createSlackHttpServer(http.requestListener);
    server.listen({ port: connection.port, ...(options.host && { host: options.host }) });
    await once(server, 'listening');
  } else {
    await app.start();
  }
  const port = server ? (server.address() as AddressInfo).port : null;
  const pruning = await prunePeriodically(context);
  const idle = async () => {
    while (inFlight.size > 0) await Promise.all([...inFlight]);
  };
  return {
    port,
    idle,
    async stop() {
      clearInterval(pruning);
      if (server) {
        const closed = new Promise((resolve) => server?.close(resolve));
        server.closeIdleConnections();
        await closed;
      } else {
        await app.stop();
      }
      await idle();
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

/** How long an event key is kept: Slack redelivers within minutes, never after a day. */
export const EVENT_KEY_RETENTION_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** Forgets event keys older than a day, now and every hour, so `processed_events` stays small. */
async function prunePeriodically(context: SlackContext): Promise<NodeJS.Timeout> {
  const prune = async () => {
    const olderThan = new Date(context.clock().getTime() - EVENT_KEY_RETENTION_MS);
    try {
      const pruned = await context.events.prune(olderThan);
      if (pruned > 0) context.logger.info({ pruned }, 'pruned old event keys');
    } catch (error) {
      context.logger.warn({ err: error }, 'could not prune event keys');
    }
  };
  await prune();
  const timer = setInterval(() => void prune(), PRUNE_EVERY_MS);
  timer.unref();
  return timer;
}
