/**
 * RELIABILITY SL-2 for Teams, the twin of the Slack benchmark: how fast the Teams app answers
 * the Bot Connector's POSTs (100 @mentions, then 100 card submits, sent at once from another
 * process with real signed tokens) and shows its working state, with the offline engine and with
 * an LLM that takes 20 s per call. Real HTTP throughout: the app's Bot Connector calls go to a
 * local fake, its LLM calls to a local OpenAI-compatible server.
 *
 *   pnpm --filter @clarify/teams bench [--count 100] [--llm-delay-ms 20000]
 */
import { parseArgs } from 'node:util';
import { encodeChoice } from '@clarify/chat';
import type { ChatModel, PendingClarification } from '@clarify/core';
import { createPgClarificationStore } from '@clarify/db';
import { createOpenAiChatModel } from '@clarify/llm';
import {
  createConfiguredAssistant,
  defaultReadingThreads,
  OFFLINE_PIPELINE,
} from '@clarify/runtime';
import {
  cardSubmit,
  channelMention,
  quantile,
  sendFromAnotherProcess,
  startScriptedOpenAiServer,
  type LoadRequest,
  type ScriptedOpenAiServer,
  type TeamsActivity,
} from '@clarify/testing';
import {
  APP_ID,
  ASKER,
  CHANNEL,
  openSampleKnowledgeBase,
  startTeamsHarness,
  TEAM,
  TENANT,
  type TeamsHarness,
} from '../testing/teams-harness';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100' },
    'llm-delay-ms': { type: 'string', default: '20000' },
  },
});
const count = Number(values.count);
const llmDelayMs = Number(values['llm-delay-ms']);
const QUESTIONS = [
  'How do I reset my password?',
  'How many vacation days do I get?',
  'What is a PIP?',
  'What is the API rate limit on Lattice Cloud v2?',
];

type Figures = { mentionAck: number[]; workingState: number[]; clickAck: number[] };

const { kb, remove } = await openSampleKnowledgeBase();
try {
  const template = await clarificationTemplate();
  const threads = defaultReadingThreads();
  const onLoop = await measure('offline, readings on the loop', template, undefined, 0);
  const pooled = await measure(`offline, ${threads} reading threads`, template, undefined, threads);
  const llm = await startScriptedOpenAiServer();
  llm.script({ delayMs: llmDelayMs, times: 1_000_000 });
  const slow = await measure(
    `LLM answering in ${llmDelayMs / 1000} s`,
    template,
    slowModel(llm),
    threads,
    llm,
  );
  console.log(
    `\n${count} mentions and ${count} card submits per run, sent at once; ms over real HTTP on 127.0.0.1`,
  );
  console.log('run                          what            p50     p95     p99     max');
  for (const [name, figures] of [
    ['offline, on the loop', onLoop],
    [`offline, ${threads} threads`, pooled],
    [`LLM ${llmDelayMs / 1000} s, ${threads} threads`, slow],
  ] as const) {
    row(name, 'mention ack', figures.mentionAck);
    row(name, 'working state', figures.workingState);
    row(name, 'submit ack', figures.clickAck);
  }
} finally {
  await remove();
}

async function measure(
  name: string,
  template: PendingClarification,
  chatModel: ChatModel | undefined,
  readingThreads: number,
  llm?: ScriptedOpenAiServer,
): Promise<Figures> {
  const teams = await startTeamsHarness(kb, { ...(chatModel && { chatModel }), readingThreads });
  try {
    const mentions = Array.from({ length: count }, (_, index) =>
      mention(teams, QUESTIONS[index % QUESTIONS.length] ?? ''),
    );
    const sent = Date.now();
    const mentionAck = await sendFromAnotherProcess(
      mentions.map((activity) => request(teams, activity)),
    );
    const chains = new Set(mentions.map((activity) => activity.conversation.id));
    const placeholders = () =>
      teams.connector
        .calls()
        .filter(
          (call) =>
            chains.has(call.conversationId) &&
            call.body?.type === 'message' &&
            typeof call.body.text === 'string' &&
            call.body.text.startsWith('⏳'),
        );
    await until(() => placeholders().length >= count);
    const workingState = placeholders().map((call) => call.at - sent);
    const clickAck = await submitMany(teams, template);
    process.stderr.write(`${name}: measured; letting the answers finish…\n`);
    await llm?.close();
    await teams.app.idle();
    return { mentionAck, workingState, clickAck };
  } finally {
    await teams.stop();
  }
}

function mention(teams: TeamsHarness, text: string): TeamsActivity {
  return channelMention({
    serviceUrl: teams.connector.serviceUrl,
    botId: APP_ID,
    tenantId: TENANT,
    userId: ASKER,
    teamId: TEAM,
    channelId: CHANNEL,
    text,
  });
}

function request(teams: TeamsHarness, activity: TeamsActivity): LoadRequest {
  return {
    url: teams.appUrl,
    body: JSON.stringify(activity),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${teams.token()}` },
  };
}

/** `count` submits at once, each on its own copy of the clarification. */
async function submitMany(teams: TeamsHarness, pending: PendingClarification): Promise<number[]> {
  const store = createPgClarificationStore(kb.database.db);
  const submits = await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const id = globalThis.crypto.randomUUID();
      const root = `bench-root-${index}-${id}`;
      await store.save({ ...pending, id, thread: { ...pending.thread, threadId: root } });
      return cardSubmit({
        serviceUrl: teams.connector.serviceUrl,
        botId: APP_ID,
        tenantId: TENANT,
        userId: ASKER,
        conversationType: 'channel',
        teamId: TEAM,
        channelId: CHANNEL,
        replyToRoot: root,
        replyToId: `card-${id}`,
        value: { clarify: 'choose', value: encodeChoice({ clarificationId: id, optionId: '1' }) },
      });
    }),
  );
  return sendFromAnotherProcess(submits.map((activity) => request(teams, activity)));
}

/** A clarification of the offline engine, copied for every submit. */
async function clarificationTemplate(): Promise<PendingClarification> {
  const { assistant } = createConfiguredAssistant(OFFLINE_PIPELINE, kb);
  const thread = {
    platform: 'teams',
    workspaceId: TENANT,
    channelId: CHANNEL,
    threadId: 'template',
  };
  const reply = await assistant.ask({ thread, userId: ASKER, text: 'How do I reset my password?' });
  const pending =
    reply.kind === 'clarify'
      ? await createPgClarificationStore(kb.database.db).get(reply.clarificationId)
      : null;
  if (pending === null)
    throw new Error('the offline engine did not clarify "How do I reset my password?"');
  return pending;
}

async function until(condition: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the app did not post every working state');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function slowModel(llm: ScriptedOpenAiServer): ChatModel {
  return createOpenAiChatModel({
    baseUrl: llm.url,
    apiKey: 'sk-bench',
    model: 'slow',
    maxRetries: 0,
    timeoutMs: llmDelayMs * 3,
  });
}

function row(name: string, what: string, samples: number[]): void {
  const cells = [0.5, 0.95, 0.99, 1].map((q) => quantile(samples, q).toFixed(1).padStart(7));
  console.log(`${name.padEnd(28)} ${what.padEnd(13)} ${cells.join(' ')}`);
}
