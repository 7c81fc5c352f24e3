import type { SlackConfig } from '@clarify/config';
import type { ChatModel } from '@clarify/core';
import {
  createConfiguredAssistant,
  createReadingsPool,
  OFFLINE_PIPELINE,
  type KnowledgeBase,
} from '@clarify/runtime';
import {
  blockActionPayload,
  mentionEvent,
  sendSlackAction,
  sendSlackEvent,
  sendSlashCommand,
  startFakeSlackApi,
  type FakeSlackApi,
  type FakeSlackApiOptions,
  type SlackApiCall,
} from '@clarify/testing';
import { createLogger, createPgSlackStores, startSlackApp, type RunningSlackApp } from '../src';

export const SIGNING_SECRET = 'test-signing-secret';
export const CHANNEL = 'C0GENERAL';
export const ASKER = 'U0ASKER';

/** A knowledge base over the sample documents, in its own temporary PGlite folder. */
export { openSampleKnowledgeBase } from '@clarify/chat/testing';

/** The Slack settings of the tests: HTTP on a free port, the fake's API, short timeouts. */
export function testSlackConfig(apiUrl: string, overrides: Partial<SlackConfig> = {}): SlackConfig {
  return {
    botToken: 'xoxb-test-token',
    connection: { mode: 'http', signingSecret: SIGNING_SECRET, port: 0 },
    apiUrl,
    adminUserIds: [],
    channelSources: {},
    defaultSources: undefined,
    choiceBy: 'anyone',
    timeoutMs: 5_000,
    maxRetries: 1,
    concurrency: 8,
    ...overrides,
  };
}

export type SlackHarness = {
  fake: FakeSlackApi;
  app: RunningSlackApp;
  kb: KnowledgeBase;
  appUrl: string;
  /** Posts a mention as a person would: the message exists in Slack, then its event arrives. */
  mention(
    text: string,
    options?: { threadTs?: string; user?: string; eventId?: string; retryNum?: number },
  ): Promise<{ ts: string; status: number; elapsedMs: number }>;
  /** A person's reply in a thread, without a mention. */
  reply(text: string, threadTs: string, user?: string): Promise<{ ts: string; status: number }>;
  /** Clicks a button of a message the bot posted, by its action id. */
  click(
    message: SlackApiCall,
    actionId: string,
    user?: string,
  ): Promise<{ status: number; elapsedMs: number }>;
  command(
    text: string,
    user: string,
  ): Promise<{ status: number; body: string; responseId: string }>;
  /** The bot's final rendering of the message in `ts` (its last post or update). */
  lastRenderingOf(ts: string): SlackApiCall | undefined;
  /** Waits for the bot's reply in a thread: an update of a placeholder that is no longer "working". */
  waitForReply(threadTs: string, after?: number): Promise<SlackApiCall>;
  stop(): Promise<void>;
};

export async function startSlackHarness(
  kb: KnowledgeBase,
  options: {
    chatModel?: ChatModel;
    slack?: Partial<SlackConfig>;
    fake?: FakeSlackApiOptions;
    /** Worker threads for the offline readings (as the app runs them); on the loop when absent. */
    readingThreads?: number;
  } = {},
): Promise<SlackHarness> {
  const fake = await startFakeSlackApi(options.fake);
  const pool = options.readingThreads
    ? createReadingsPool({ threads: options.readingThreads })
    : null;
  await pool?.ready();
  const { assistant } = createConfiguredAssistant(OFFLINE_PIPELINE, kb, {
    ...(options.chatModel && { chatModel: options.chatModel }),
    ...(pool && { readReadings: pool.read }),
  });
  const app = await startSlackApp({
    config: testSlackConfig(fake.url, options.slack),
    host: '127.0.0.1',
    kb,
    assistant,
    stores: createPgSlackStores(kb.database.db),
    logger: createLogger('silent'),
  });
  const appUrl = `http://127.0.0.1:${app.port}/slack/events`;
  const posted = (call: SlackApiCall) => {
    const ts = call.result.ts ?? call.args.ts;
    return typeof ts === 'string' ? ts : '';
  };

  const harness: SlackHarness = {
    fake,
    app,
    kb,
    appUrl,
    async mention(text, mentionOptions = {}) {
      const user = mentionOptions.user ?? ASKER;
      const ts = fake.seedMessage(CHANNEL, {
        user,
        text: `<@${fake.botUserId}> ${text}`,
        ...(mentionOptions.threadTs && { threadTs: mentionOptions.threadTs }),
      });
      const event = mentionEvent({
        channel: CHANNEL,
        user,
        text,
        ts,
        botUserId: fake.botUserId,
        ...(mentionOptions.threadTs && { threadTs: mentionOptions.threadTs }),
      });
      const response = await sendSlackEvent(appUrl, SIGNING_SECRET, event, {
        teamId: fake.teamId,
        ...(mentionOptions.eventId && { eventId: mentionOptions.eventId }),
        ...(mentionOptions.retryNum !== undefined && { retryNum: mentionOptions.retryNum }),
      });
      return { ts, status: response.status, elapsedMs: response.elapsedMs };
    },
    async reply(text, threadTs, user = ASKER) {
      const ts = fake.seedMessage(CHANNEL, { user, text, threadTs });
      const response = await sendSlackEvent(
        appUrl,
        SIGNING_SECRET,
        {
          type: 'message',
          channel: CHANNEL,
          channel_type: 'channel',
          user,
          text,
          ts,
          thread_ts: threadTs,
          event_ts: ts,
        },
        { teamId: fake.teamId },
      );
      return { ts, status: response.status };
    },
    async click(message, actionId, user = ASKER) {
      const blocks = (message.args.blocks ?? []) as Array<{
        elements?: Array<{ action_id?: string; value?: string }>;
      }>;
      const button = blocks
        .flatMap((block) => block.elements ?? [])
        .find((element) => element.action_id === actionId);
      if (button?.value === undefined)
        throw new Error(`no button ${actionId} in ${JSON.stringify(blocks)}`);
      const ts = posted(message);
      const stored = fake.messages(CHANNEL).find((candidate) => candidate.ts === ts);
      const response = await sendSlackAction(
        appUrl,
        SIGNING_SECRET,
        blockActionPayload({
          user,
          channel: CHANNEL,
          messageTs: ts,
          ...(stored?.thread_ts && { threadTs: stored.thread_ts }),
          actionId,
          value: button.value,
          blocks,
          teamId: fake.teamId,
        }),
      );
      return { status: response.status, elapsedMs: response.elapsedMs };
    },
    async command(text, user) {
      const responseId = `cmd-${Math.random().toString(36).slice(2)}`;
      const response = await sendSlashCommand(appUrl, SIGNING_SECRET, {
        command: '/clarify',
        text,
        user_id: user,
        team_id: fake.teamId,
        channel_id: CHANNEL,
        response_url: fake.responseUrl(responseId),
        trigger_id: 'trigger',
      });
      return { status: response.status, body: response.body, responseId };
    },
    lastRenderingOf(ts) {
      return fake.calls
        .filter(
          (call) =>
            (call.method === 'chat.update' || call.method === 'chat.postMessage') &&
            posted(call) === ts,
        )
        .at(-1);
    },
    waitForReply(threadTs, after = 0) {
      return fake.waitFor(
        (call) =>
          call.at > after &&
          call.method === 'chat.update' &&
          fake
            .messages(CHANNEL)
            .some((message) => message.ts === call.args.ts && message.thread_ts === threadTs) &&
          !String(call.args.text).startsWith('Chosen:'),
        15_000,
      );
    },
    async stop() {
      await app.stop();
      await fake.close();
      await pool?.close();
    },
  };
  return harness;
}
