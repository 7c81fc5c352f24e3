/**
 * RELIABILITY SL-2 as figures: how fast the Slack app acknowledges mentions and clicks, and
 * shows its working state, while the LLM takes 20 s per call — against the offline engine as
 * the baseline, in the same run. Real HTTP throughout: signed requests into the Bolt app, its
 * Web API calls into a local fake Slack, its LLM calls into a local OpenAI-compatible server.
 *
 *   pnpm --filter @clarify/slack bench [--count 100] [--llm-delay-ms 20000]
 */
import type { ChatModel, PendingClarification } from '@clarify/core';
import { createPgClarificationStore } from '@clarify/db';
import { createOpenAiChatModel } from '@clarify/llm';
import {
  createConfiguredAssistant,
  defaultReadingThreads,
  OFFLINE_PIPELINE,
} from '@clarify/runtime';
import {
  blockActionPayload,
  mentionEvent,
  ackBenchArgs,
  BENCH_QUESTIONS,
  runAckBench,
  sinceSent,
  signSlackRequest,
  waitUntil,
  type AckFigures,
  type AckRun,
  type LoadClient,
  type LoadRequest,
  type ScriptedOpenAiServer,
} from '@clarify/testing';
import { encodeChoice } from '../src/render';
import {
  ASKER,
  CHANNEL,
  openSampleKnowledgeBase,
  SIGNING_SECRET,
  startSlackHarness,
  type SlackHarness,
} from '../testing/slack-harness';

const { count, llmDelayMs } = ackBenchArgs();

const { kb, remove } = await openSampleKnowledgeBase();
try {
  const template = await clarificationTemplate();
  await runAckBench({
    count,
    llmDelayMs,
    threads: defaultReadingThreads(),
    clickLabel: 'click ack',
    measure: (run) => measure(run, template),
  });
} finally {
  await remove();
}

async function measure(run: AckRun, template: PendingClarification): Promise<AckFigures> {
  const { name, readingThreads, llm, load } = run;
  const slack = await startSlackHarness(kb, {
    ...(llm && { chatModel: slowModel(llm) }),
    readingThreads,
  });
  try {
    const threads = Array.from(
      { length: count },
      (_, index) => BENCH_QUESTIONS[index % BENCH_QUESTIONS.length] ?? '',
    );
    const mentions = threads.map((question) => mention(slack, question));
    const sent = await load.send(mentions.map(({ request }) => request));
    await waitUntil(
      () => slack.fake.callsTo('chat.postMessage').length >= count,
      'the app did not post every working state',
    );
    // From sending each mention to its placeholder's arrival at Slack (in its thread).
    const arrivals = new Map(
      slack.fake
        .callsTo('chat.postMessage')
        .map((call) => [String(call.args.thread_ts), performance.timeOrigin + call.at]),
    );
    const workingState = sinceSent(
      sent,
      mentions.map(({ ts }) => ts),
      arrivals,
    );
    const clickAck = await clickMany(slack, template, load);
    process.stderr.write(`${name}: measured; letting the answers finish…\n`);
    await llm?.close(); // the LLM gives up: the offline fallback answers what is left
    await slack.app.idle();
    return { mentionAck: sent.map((request) => request.ackMs), workingState, clickAck };
  } finally {
    await slack.stop();
  }
}

/** A clarification of the offline engine, copied for every click. */
async function clarificationTemplate(): Promise<PendingClarification> {
  const { assistant } = createConfiguredAssistant(OFFLINE_PIPELINE, kb);
  const thread = {
    platform: 'slack',
    workspaceId: 'bench',
    channelId: CHANNEL,
    threadId: 'template',
  };
  const reply = await assistant.ask({ thread, userId: ASKER, text: 'How do I reset my password?' });
  const pending = reply.kind === 'clarify' ? await store().get(reply.clarificationId) : null;
  if (pending === null)
    throw new Error('the offline engine did not clarify "How do I reset my password?"');
  return pending;
}

function store() {
  return createPgClarificationStore(kb.database.db);
}

/** `count` clicks at once, each on its own copy of the clarification. */
async function clickMany(
  slack: SlackHarness,
  pending: PendingClarification,
  load: LoadClient,
): Promise<number[]> {
  const clicks = await Promise.all(
    Array.from({ length: count }, async () => {
      const threadTs = slack.fake.seedMessage(CHANNEL, {
        user: ASKER,
        text: 'How do I reset my password?',
      });
      const id = globalThis.crypto.randomUUID();
      await store().save({ ...pending, id, thread: { ...pending.thread, threadId: threadTs } });
      return actionRequest(
        slack,
        blockActionPayload({
          user: ASKER,
          channel: CHANNEL,
          messageTs: threadTs,
          threadTs,
          actionId: 'clarify_option_1',
          value: encodeChoice({ clarificationId: id, optionId: '1' }),
          teamId: slack.fake.teamId,
        }),
      );
    }),
  );
  const sent = await load.send(clicks);
  return sent.map((request) => request.ackMs);
}

/** A signed `app_mention` of a message that exists in the fake Slack, and that message's ts. */
function mention(slack: SlackHarness, question: string): { ts: string; request: LoadRequest } {
  const { fake } = slack;
  const ts = fake.seedMessage(CHANNEL, { user: ASKER, text: `<@${fake.botUserId}> ${question}` });
  const body = JSON.stringify({
    token: 'unused',
    team_id: fake.teamId,
    api_app_id: 'A0BENCH',
    type: 'event_callback',
    event_id: `Ev${ts.replace('.', '')}`,
    event_time: Math.floor(Date.now() / 1000),
    event: mentionEvent({
      channel: CHANNEL,
      user: ASKER,
      text: question,
      ts,
      botUserId: fake.botUserId,
    }),
  });
  return { ts, request: signed(slack, body, 'application/json') };
}

function actionRequest(slack: SlackHarness, payload: Record<string, unknown>): LoadRequest {
  const body = `payload=${encodeURIComponent(JSON.stringify(payload))}`;
  return signed(slack, body, 'application/x-www-form-urlencoded');
}

function signed(slack: SlackHarness, body: string, contentType: string): LoadRequest {
  const headers = {
    'content-type': contentType,
    ...signSlackRequest({ signingSecret: SIGNING_SECRET, body }),
  };
  return { url: slack.appUrl, body, headers };
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
