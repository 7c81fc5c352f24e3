import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { createAdaptorServer } from '@hono/node-server';
import {
  createConversationLayer,
  knowledgeBaseAdmin,
  type ChatAssistant,
  type ChatStores,
  type Logger,
  type StartedChatApp,
} from '@clarify/chat';
import type { ChatConfig, OidcConfig } from '@clarify/config';
import { ClarifyError } from '@clarify/core';
import { createPgAnalytics } from '@clarify/db';
import type { IndexDispatch, KnowledgeBase, OperationsEndpoints } from '@clarify/runtime';
import { createOidcLogin } from './admin/oidc-login';
import { createWebPlatform, webRenderer } from './chat/web-platform';
import { createWebThreads } from './chat/web-threads';
import { createWebApp } from './server/create-web-app';

export type WebConsoleOptions = {
  kb: KnowledgeBase;
  assistant: ChatAssistant;
  stores: ChatStores;
  indexing: IndexDispatch;
  chat: ChatConfig;
  logger: Logger;
  host: string;
  /** 0 takes a free port. */
  port: number;
  /** Signs an admin in; undefined when only OpenID Connect does. */
  adminToken: string | undefined;
  /** Sign-in through the company's OpenID Connect provider. */
  oidc?: OidcConfig;
  /** How browsers reach the console (the OIDC callback is built on it); else the request's origin. */
  publicUrl?: string;
  /** `/healthz`, `/readyz` and `/metrics` of the process. */
  operations?: OperationsEndpoints;
  /** Questions one browser may ask per minute (default 20). */
  questionsPerMinute?: number;
  /** Lets the OIDC provider be plain http (tests against a local fake only). */
  oidcAllowHttp?: boolean;
  /** Signs cookies and CSRF tokens; random per process when absent (sessions end on restart). */
  secret?: Buffer;
  clock?: () => Date;
};

export type StartedWebConsole = StartedChatApp & { port: number; url: string };

/**
 * The web console on `host:port`: the chat playground on the shared conversation layer (as
 * Slack and Teams users see it) and the admin pages. Resolves once it listens.
 */
export async function startWebConsole(options: WebConsoleOptions): Promise<StartedWebConsole> {
  const clock = options.clock ?? (() => new Date());
  const threads = createWebThreads();
  const layer = await createConversationLayer({
    platform: createWebPlatform(threads),
    renderer: webRenderer,
    assistant: options.assistant,
    stores: options.stores,
    admin: knowledgeBaseAdmin(options.kb, options.indexing),
    config: options.chat,
    logger: options.logger,
    clock,
  });
  const secret = options.secret ?? randomBytes(32);
  const oidc =
    options.oidc &&
    createOidcLogin(options.oidc, {
      secret,
      allowHttp: options.oidcAllowHttp ?? false,
      callbackUrl: (c) =>
        new URL('/login/oidc/callback', options.publicUrl ?? new URL(c.req.url).origin),
    });
  const app = createWebApp({
    kb: options.kb,
    indexing: options.indexing,
    stores: options.stores,
    analytics: createPgAnalytics(options.kb.database.db),
    chat: options.chat,
    adminToken: options.adminToken,
    oidc,
    secret,
    logger: options.logger,
    clock,
    operations: options.operations,
    layer,
    threads,
    questionsPerMinute: options.questionsPerMinute ?? 20,
  });
  const server = createAdaptorServer({ fetch: app.fetch });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await layer.stop();
    throw listenError(error, options);
  }
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    port,
    url: `http://${host === '127.0.0.1' ? 'localhost' : host}:${port}`,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeIdleConnections' in server) server.closeIdleConnections();
      });
      await layer.stop();
    },
  };
}

function listenError(error: unknown, options: { host: string; port: number }): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') {
    return new ClarifyError(
      'invalid_input',
      `port ${options.port} on ${options.host} is in use; choose another with --port`,
    );
  }
  if (code === 'EADDRNOTAVAIL' || code === 'EACCES') {
    return new ClarifyError(
      'invalid_input',
      `cannot listen on ${options.host}:${options.port} (${code}); check --host and --port`,
    );
  }
  return error;
}
