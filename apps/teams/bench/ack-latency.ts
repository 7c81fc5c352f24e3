/**
 * RELIABILITY SL-2 for Teams, the twin of the Slack benchmark: how fast the Teams app answers
 * the Bot Connector's POSTs (100 @mentions, then 100 card submits, sent at once from another
 * process with real signed tokens) and shows its working state, with the offline engine and with
 * an LLM that takes 20 s per call. Real HTTP throughout: the app's Bot Connector calls go to a
 * local fake, its LLM calls to a local OpenAI-compatible server.
 *
 *   pnpm --filter @clarify/teams bench [--count 100] [--llm-delay-ms 20000]
 */
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
  ackBenchArgs,
  BENCH_QUESTIONS,
  runAckBench,
  sinceSent,
  waitUntil,
  type AckFigures,
  type AckRun,
  type LoadClient,
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

const { count, llmDelayMs } = ackBenchArgs();

const { kb, remove } = await openSampleKnowledgeBase();
try {
  const template = await clarificationTemplate();
  await runAckBench({
    count,
    llmDelayMs,
    threads: defaultReadingThreads(),
    clickLabel: 'submit ack',
    measure: (run) => measure(run, template),
  });
} finally {
  await remove();
}

async function measure(run: AckRun, template: PendingClarification): Promise<AckFigures> {
  const { name, readingThreads, llm, load } = run;
  const teams = await startTeamsHarness(kb, {
    ...(llm && { chatModel: slowModel(llm) }),
    readingThreads,
  });
  try {
    const mentions = Array.from({ length: count }, (_, index) =>
      mention(teams, BENCH_QUESTIONS[index % BENCH_QUESTIONS.length] ?? ''),
    );
    const sent = await load.send(mentions.map((activity) => request(teams, activity)));
    const chains = mentions.map((activity) => activity.conversation.id);
    const placeholders = () =>
      teams.connector
        .calls()
        .filter(
          (call) =>
            chains.includes(call.conversationId) &&
            call.body?.type === 'message' &&
            typeof call.body.text === 'string' &&
            call.body.text.startsWith('⏳'),
        );
    await waitUntil(
      () => placeholders().length >= count,
      'the app did not post every working state',
    );
    // From sending each mention to its placeholder's arrival at the connector.
    const arrivals = new Map(placeholders().map((call) => [call.conversationId, call.at]));
    const workingState = sinceSent(sent, chains, arrivals);
    const clickAck = await submitMany(teams, template, load);
    process.stderr.write(`${name}: measured; letting the answers finish…\n`);
    await llm?.close();
    await teams.app.idle();
    return { mentionAck: sent.map((request) => request.ackMs), workingState, clickAck };
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
async function submitMany(
  teams: TeamsHarness,
  pending: PendingClarification,
  load: LoadClient,
): Promise<number[]> {
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
  const sent = await load.send(submits.map((activity) => request(teams, activity)));
  return sent.map((request) => request.ackMs);
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

function slowModel(llm: ScriptedOpenAiServer): ChatModel {
  return createOpenAiChatModel({
    baseUrl: llm.url,
    apiKey: 'sk-bench',
    model: 'slow',
    maxRetries: 0,
    timeoutMs: llmDelayMs * 3,
  });
}
