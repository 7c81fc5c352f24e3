import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import {
  CloudAdapter,
  ConfigurationBotFrameworkAuthentication,
  ConfigurationServiceClientCredentialFactory,
} from 'botbuilder';
import type { ServiceClientCredentialsFactory } from 'botframework-connector';
import {
  createConversationLayer,
  knowledgeBaseAdmin,
  type ChatAssistant,
  type ChatStores,
  type Logger,
} from '@clarify/chat';
import type { TeamsConfig } from '@clarify/config';
import type { IndexDispatch, KnowledgeBase, OperationsEndpoints } from '@clarify/runtime';
import { createClarifyBot } from './bot/clarify-bot';
import { teamsRenderer } from './render/teams-renderer';
import { createGraphThreadReader, type ThreadReader } from './graph/graph-thread-reader';
import { createGraphTokens } from './graph/graph-tokens';
import { createTeamDirectory } from './graph/team-directory';
import { createTeamsPlatform } from './teams-platform';
import { createBotConnector } from './web/bot-connector';
import { warmSigningKeys } from './web/warm-signing-keys';
import { createTeamsHttpServer } from './web/teams-http-server';
import type { RetryPolicy } from './web/with-retries';

export type TeamsAppOptions = {
  config: TeamsConfig;
  kb: KnowledgeBase;
  /** Where `/clarify reindex` goes: this process, or the queue for the workers. */
  indexing?: IndexDispatch;
  assistant: ChatAssistant;
  stores: ChatStores;
  logger: Logger;
  /** `/healthz`, `/readyz` and `/metrics` on the same port; a bare `/healthz` when absent. */
  operations?: OperationsEndpoints;
  /** Interface the server listens on; every interface when absent. */
  host?: string;
  /**
   * Where incoming tokens' signing keys and issuer come from: the Bot Framework's own when
   * absent (tests serve an OpenID configuration of their own on 127.0.0.1).
   */
  authentication?: { openIdMetadataUrl: string; tokenIssuer: string };
  /** How outgoing calls are authenticated; the app's password or certificate when absent. */
  credentialsFactory?: ServiceClientCredentialsFactory;
  /** Retries of Bot Connector calls; waits are shortened in tests. */
  retry?: Partial<RetryPolicy>;
  clock?: () => Date;
  newId?: () => string;
};

export type RunningTeamsApp = {
  port: number;
  /** Resolves when every activity received so far has been handled. */
  idle(): Promise<void>;
  /** Stops taking requests, then waits for the work in flight. */
  stop(): Promise<void>;
};

/**
 * The Teams app: botbuilder's CloudAdapter behind `POST /api/messages` (every request's token
 * checked against the Bot Framework's keys, its audience and issuer), a bot that parses
 * activities into the shared conversation layer, and Bot Connector calls with retries. Every
 * botbuilder type stays in this app.
 */
export async function startTeamsApp(options: TeamsAppOptions): Promise<RunningTeamsApp> {
  const { config, logger } = options;
  if (config.appId === '' && !config.insecureLocal) {
    throw new Error('refusing to start without TEAMS_APP_ID: requests would not be authenticated');
  }
  const settings = authenticationSettings(config, options.authentication);
  const credentials =
    options.credentialsFactory ?? new ConfigurationServiceClientCredentialFactory(settings);
  const authentication = new ConfigurationBotFrameworkAuthentication(settings, credentials);
  const adapter = new CloudAdapter(authentication);
  adapter.onTurnError = (_context, error) => {
    logger.error({ err: error }, 'turn failed');
    return Promise.resolve();
  };
  const policy: RetryPolicy = {
    maxRetries: config.maxRetries,
    baseDelayMs: 500,
    maxDelayMs: 60_000,
    onRetry: (failure) => logger.warn(failure, 'Bot Connector call failed; retrying'),
    ...options.retry,
  };
  const connector = createBotConnector({ authentication, appId: config.appId, policy });
  const readThread = graphThreadReader(config, logger);
  const platform = createTeamsPlatform(connector, readThread);
  const layer = await createConversationLayer({
    platform,
    renderer: teamsRenderer,
    assistant: options.assistant,
    stores: options.stores,
    admin: knowledgeBaseAdmin(options.kb, options.indexing),
    config,
    logger,
    ...(options.clock && { clock: options.clock }),
    ...(options.newId && { newId: options.newId }),
  });
  const bot = createClarifyBot({
    layer,
    remember: (conversation, reference, teamGroupId) =>
      platform.remember(conversation, reference, teamGroupId),
    connector,
    ...(readThread && { teams: createTeamDirectory() }),
  });
  // Without an app id (insecure local testing) no token is checked: no keys to fetch.
  if (config.appId !== '') await warmSigningKeys(options.authentication?.openIdMetadataUrl, logger);
  const server: Server = createTeamsHttpServer(
    (request, response) => adapter.process(request, response, (context) => bot.run(context)),
    {
      onError: (error) => logger.error({ err: error }, 'request failed'),
      onRequest: layer.receiving,
      ...(options.operations && { operations: options.operations }),
    },
  );
  server.listen({ port: config.port, ...(options.host && { host: options.host }) });
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    idle: () => layer.idle(),
    async stop() {
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeIdleConnections();
      await closed;
      await layer.stop();
    },
  };
}

/**
 * Reply chains read through Graph with app-only tokens, when enabled and the app has a password
 * or a certificate to get them with; otherwise the stored turns serve (said once at start-up).
 */
function graphThreadReader(config: TeamsConfig, logger: Logger): ThreadReader | undefined {
  const { credentials, graph } = config;
  if (!graph.enabled) return undefined;
  if (credentials.kind !== 'password' && credentials.kind !== 'certificate') {
    logger.info(
      'reply chains are not read through Graph without TEAMS_APP_PASSWORD or a certificate; using the stored turns',
    );
    return undefined;
  }
  return createGraphThreadReader({
    appId: config.appId,
    tokens: createGraphTokens({
      appId: config.appId,
      credentials,
      loginUrl: graph.loginUrl,
      timeoutMs: config.timeoutMs,
    }),
    graphUrl: graph.url,
    timeoutMs: config.timeoutMs,
    logger,
  });
}

/** botbuilder's configuration keys from the app's settings (secrets never logged). */
function authenticationSettings(
  config: TeamsConfig,
  authentication: TeamsAppOptions['authentication'],
): Record<string, string | undefined> {
  const { credentials } = config;
  return {
    MicrosoftAppId: config.appId,
    // Without an app id (insecure local testing) there is no tenant to be single to.
    MicrosoftAppType: config.appId === '' ? 'MultiTenant' : config.appType,
    MicrosoftAppTenantId: config.tenantId,
    ...(credentials.kind === 'password' && { MicrosoftAppPassword: credentials.password }),
    ...(credentials.kind === 'certificate' && {
      CertificateThumbprint: credentials.thumbprint,
      CertificatePrivateKey: credentials.privateKey,
    }),
    ...(authentication && {
      ToBotFromChannelOpenIdMetadataUrl: authentication.openIdMetadataUrl,
      ToBotFromChannelTokenIssuer: authentication.tokenIssuer,
    }),
  };
}
