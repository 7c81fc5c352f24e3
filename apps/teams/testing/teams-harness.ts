import type { TeamsConfig } from '@clarify/config';
import { createPgChatStores } from '@clarify/chat';
import type { ChatModel } from '@clarify/core';
import {
  createConfiguredAssistant,
  createReadingsPool,
  OFFLINE_PIPELINE,
  type KnowledgeBase,
} from '@clarify/runtime';
import {
  cardSubmit,
  channelMention,
  personalMessage,
  sendTeamsActivity,
  signBotToken,
  startFakeBotConnector,
  type BotTokenClaims,
  type FakeBotConnector,
  type StoredTeamsActivity,
  type TeamsActivity,
} from '@clarify/testing';
import { pino } from 'pino';
import { createLogger, startTeamsApp, type RunningTeamsApp } from '../src';
import { FixedTokenCredentialsFactory } from './fixed-token-credentials';

export { openSampleKnowledgeBase } from '@clarify/chat/testing';

export const APP_ID = '00000000-0000-4000-8000-0000000c1a21';
export const TENANT = 'tenant-1';
export const TEAM = '19:team@thread.tacv2';
export const CHANNEL = '19:general@thread.tacv2';
export const ASKER = 'aad-asker';
export const OUTGOING_TOKEN = 'outgoing-test-token';

/** The Teams settings of the tests: a single-tenant app on a free port, short retries. */
export function testTeamsConfig(overrides: Partial<TeamsConfig> = {}): TeamsConfig {
  return {
    appId: APP_ID,
    appType: 'SingleTenant',
    tenantId: TENANT,
    credentials: { kind: 'password', password: 'test-password' },
    insecureLocal: false,
    port: 0,
    timeoutMs: 5_000,
    maxRetries: 3,
    // Reply chains through Graph only where a test serves a fake Graph.
    graph: { enabled: false, url: 'http://127.0.0.1:9', loginUrl: 'http://127.0.0.1:9' },
    adminUserIds: [],
    channelSources: {},
    defaultSources: undefined,
    choiceBy: 'anyone',
    concurrency: 8,
    ...overrides,
  };
}

export type TeamsHarness = {
  connector: FakeBotConnector;
  app: RunningTeamsApp;
  appUrl: string;
  /** A token the app accepts, or one broken as `claims` say. */
  token(claims?: Partial<BotTokenClaims>): string;
  send(activity: TeamsActivity, token?: string | null): Promise<{ status: number }>;
  /** An @mention in the channel (a new post, or a reply in `root`'s chain). */
  mention(
    text: string,
    options?: { root?: string; user?: string; id?: string },
  ): Promise<{ activity: TeamsActivity; status: number }>;
  personal(
    text: string,
    options?: { user?: string; conversationId?: string },
  ): Promise<{ activity: TeamsActivity; status: number }>;
  /** A click on a card's Action.Submit: its data, as Teams sends it back. */
  submit(
    card: StoredTeamsActivity,
    data: Record<string, unknown>,
    options?: { user?: string },
  ): Promise<{ status: number }>;
  /** The bot's activities in a conversation, in the order they were first posted. */
  botActivities(conversationId: string): StoredTeamsActivity[];
  /** Waits until the bot's `index`-th message in a conversation is no longer "working". */
  waitForReply(conversationId: string, index?: number): Promise<StoredTeamsActivity>;
  stop(): Promise<void>;
};

/** The conversation id of a channel post's reply chain. */
export function chainOf(rootId: string): string {
  return `${CHANNEL};messageid=${rootId}`;
}

/** Whether a bot message is still the working placeholder (or a typing indicator). */
export function isWorking(activity: Record<string, unknown>): boolean {
  if (activity.type === 'typing') return true;
  return typeof activity.text === 'string' && activity.text.startsWith('⏳');
}

/** Every Action.Submit of a card message, with its title and data. */
export function submitActions(
  message: Record<string, unknown>,
): Array<{ title: string; data: Record<string, unknown> }> {
  const found: Array<{ title: string; data: Record<string, unknown> }> = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node !== null && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      if (record.type === 'Action.Submit') {
        found.push({ title: String(record.title), data: record.data as Record<string, unknown> });
      }
      Object.values(record).forEach(visit);
    }
  };
  visit(message.attachments);
  return found;
}

/** The texts of a card message's TextBlocks, in order. */
export function cardTexts(message: Record<string, unknown>): string[] {
  const texts: string[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node !== null && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      if (record.type === 'TextBlock' && typeof record.text === 'string') texts.push(record.text);
      Object.values(record).forEach(visit);
    }
  };
  visit(message.attachments);
  return texts;
}

/**
 * The real Teams app on 127.0.0.1 over the sample knowledge base, its Bot Connector calls going
 * to a local fake that also serves the OpenID configuration and keys the app checks every
 * incoming token against.
 */
export async function startTeamsHarness(
  kb: KnowledgeBase,
  options: {
    teams?: Partial<TeamsConfig>;
    chatModel?: ChatModel;
    retryDelayMs?: number;
    /** Receives the app's log lines (JSON), at info level and above. */
    log?: (line: Record<string, unknown>) => void;
    /** Worker threads for the offline readings (as the app runs them); on the loop when absent. */
    readingThreads?: number;
    /** Teams' group ids the fake Bot Connector gives as team details. */
    teamGroups?: Record<string, string>;
  } = {},
): Promise<TeamsHarness> {
  const connector = await startFakeBotConnector({
    ...(options.teamGroups && { teamGroups: options.teamGroups }),
  });
  const pool = options.readingThreads
    ? createReadingsPool({ threads: options.readingThreads })
    : null;
  await pool?.ready();
  const { assistant } = createConfiguredAssistant(OFFLINE_PIPELINE, kb, {
    ...(options.chatModel && { chatModel: options.chatModel }),
    ...(pool && { readReadings: pool.read }),
  });
  const app = await startTeamsApp({
    config: testTeamsConfig(options.teams),
    host: '127.0.0.1',
    kb,
    assistant,
    stores: createPgChatStores(kb.database.db),
    logger: options.log ? captureLogger(options.log) : createLogger('silent'),
    authentication: {
      openIdMetadataUrl: connector.openIdMetadataUrl,
      tokenIssuer: connector.issuer,
    },
    credentialsFactory: new FixedTokenCredentialsFactory(APP_ID, OUTGOING_TOKEN),
    retry: { baseDelayMs: options.retryDelayMs ?? 10, maxDelayMs: 200 },
  });
  const appUrl = `http://127.0.0.1:${app.port}/api/messages`;
  const parties = {
    serviceUrl: connector.serviceUrl,
    botId: APP_ID,
    tenantId: TENANT,
  };
  const token = (claims: Partial<BotTokenClaims> = {}) =>
    signBotToken(connector, { audience: APP_ID, serviceUrl: connector.serviceUrl, ...claims });
  const send = async (activity: TeamsActivity, given?: string | null) => {
    const response = await sendTeamsActivity(
      appUrl,
      activity,
      given === null ? undefined : (given ?? token()),
    );
    return { status: response.status };
  };
  const botActivities = (conversationId: string) =>
    connector.activities(conversationId).filter((stored) => stored.activity.type !== 'typing');

  return {
    connector,
    app,
    appUrl,
    token,
    send,
    async mention(text, mentionOptions = {}) {
      const activity = channelMention({
        ...parties,
        userId: mentionOptions.user ?? ASKER,
        teamId: TEAM,
        channelId: CHANNEL,
        text,
        ...(mentionOptions.id && { messageId: mentionOptions.id }),
        ...(mentionOptions.root && { replyToRoot: mentionOptions.root }),
      });
      return { activity, ...(await send(activity)) };
    },
    async personal(text, personalOptions = {}) {
      const activity = personalMessage({
        ...parties,
        userId: personalOptions.user ?? ASKER,
        text,
        ...(personalOptions.conversationId && { conversationId: personalOptions.conversationId }),
      });
      return { activity, ...(await send(activity)) };
    },
    async submit(card, data, submitOptions = {}) {
      const personal = !card.conversationId.includes(';messageid=');
      const activity = cardSubmit({
        ...parties,
        userId: submitOptions.user ?? ASKER,
        replyToId: card.id,
        value: data,
        ...(personal
          ? { conversationType: 'personal' as const, conversationId: card.conversationId }
          : {
              conversationType: 'channel' as const,
              teamId: TEAM,
              channelId: CHANNEL,
              replyToRoot: card.conversationId.split(';messageid=')[1] ?? '',
            }),
      });
      return send(activity);
    },
    botActivities,
    async waitForReply(conversationId, index = 0) {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const reply = botActivities(conversationId)[index];
        if (reply !== undefined && !isWorking(reply.activity)) return reply;
        if (Date.now() > deadline) {
          throw new Error(
            `no reply ${index} in ${conversationId}: ${JSON.stringify(botActivities(conversationId))}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      await app.stop();
      await connector.close();
      await pool?.close();
    },
  };
}

/** A pino logger whose lines go to `log`, parsed. */
function captureLogger(log: (line: Record<string, unknown>) => void) {
  return pino(
    { level: 'info' },
    {
      write(line: string) {
        log(JSON.parse(line) as Record<string, unknown>);
      },
    },
  );
}
