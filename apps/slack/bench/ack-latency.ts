/**
 * RELIABILITY SL-2 as figures: how fast the Slack app acknowledges mentions and clicks, and
 * shows its working state, while the LLM takes 20 s per call — against the offline engine as
 * the baseline, in the same run. Real HTTP throughout: signed requests into the Bolt app, its
 * Web API calls into a local fake Slack, its LLM calls into a local OpenAI-compatible server.
 *
 *   pnpm --filter @clarify/slack bench [--count 100] [--llm-delay-ms 20000]
 */
import { parseArgs } from 'node:util';
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
  quantile,
  sendFromAnotherProcess,
  type LoadRequest,
  signSlackRequest,
  startScriptedOpenAiServer,
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
  // The baseline: offline readings worked out on the event loop, as before the worker pool.
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
    `\n${count} mentions and ${count} clicks per run, sent at once; ms over real HTTP on 127.0.0.1`,
  );
  console.log('run                          what            p50     p95     p99     max');
  for (const [name, figures] of [
    ['offline, on the loop', onLoop],
    [`offline, ${threads} threads`, pooled],
    [`LLM ${llmDelayMs / 1000} s, ${threads} threads`, slow],
  ] as const) {
    row(name, 'mention ack', figures.mentionAck);
    row(name, 'working state', figures.workingState);
    row(name, 'click ack', figures.clickAck);
  }
  const ratio = (over: Figures, pick: (figures: Figures) => number[], q: number) =>
    (quantile(pick(over), q) / Math.max(quantile(pick(onLoop), q), 0.001)).toFixed(2);
  for (const [name, figures] of [
    ['offline with threads', pooled],
    ['slow LLM', slow],
  ] as const) {
    console.log(
      `${name} / offline on the loop: mention ack p99 ${ratio(figures, (f) => f.mentionAck, 0.99)}, working state p95 ${ratio(figures, (f) => f.workingState, 0.95)}, click ack p99 ${ratio(figures, (f) => f.clickAck, 0.99)}`,
    );
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
  const slack = await startSlackHarness(kb, {
    ...(chatModel && { chatModel }),
    readingThreads,
  });
  try {
    const threads = Array.from(
      { length: count },
      (_, index) => QUESTIONS[index % QUESTIONS.length] ?? '',
    );
    const requests = threads.map((question) => mentionRequest(slack, question));
    const sent = performance.now();
    const mentionAck = await sendFromAnotherProcess(requests);
    await until(() => slack.fake.callsTo('chat.postMessage').length >= count);
    // From sending to the placeholder's arrival at Slack, per mention.
    const workingState = slack.fake.callsTo('chat.postMessage').map((call) => call.at - sent);
    const clickAck = await clickMany(slack, template);
    process.stderr.write(`${name}: measured; letting the answers finish…\n`);
    await llm?.close(); // the LLM gives up: the offline fallback answers what is left
    await slack.app.idle();
    return { mentionAck, workingState, clickAck };
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
async function clickMany(slack: SlackHarness, pending: PendingClarification): Promise<number[]> {
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
  return sendFromAnotherProcess(clicks);
}

/** A signed `app_mention` of a message that exists in the fake Slack. */
function mentionRequest(slack: SlackHarness, question: string): LoadRequest {
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
  return signed(slack, body, 'application/json');
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
