import { parseArgs } from 'node:util';
import {
  startScriptedOpenAiServer,
  type ScriptedOpenAiServer,
} from '../openai-server/start-scripted-openai-server';
import { quantile, startLoadClient, type LoadClient, type Sent } from './send-from-another-process';

/** What one run measures, in ms per request. */
export type AckFigures = { mentionAck: number[]; workingState: number[]; clickAck: number[] };

/**
 * One run of an ack benchmark: its name, its reading threads, the slow LLM if any, and the load
 * client (another process, started before the run) that sends its requests.
 */
export type AckRun = {
  name: string;
  readingThreads: number;
  llm?: ScriptedOpenAiServer;
  load: LoadClient;
};

/** The questions a benchmark's mentions ask, in turn. */
export const BENCH_QUESTIONS = [
  'How do I reset my password?',
  'How many vacation days do I get?',
  'What is a PIP?',
  'What is the API rate limit on Lattice Cloud v2?',
];

/** `--count 100 --llm-delay-ms 20000`, as both chat apps' benchmarks take them. */
export function ackBenchArgs(): { count: number; llmDelayMs: number } {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '100' },
      'llm-delay-ms': { type: 'string', default: '20000' },
    },
  });
  return { count: Number(values.count), llmDelayMs: Number(values['llm-delay-ms']) };
}

/**
 * The three runs of a chat app's ack benchmark, in one process and one table: offline with the
 * readings on the event loop (the baseline), offline with `threads` reading threads, and an LLM
 * that takes `llmDelayMs` per call (a scripted server `measure` builds its model over, and closes
 * once its figures are in, so the offline fallback answers what is left).
 */
export async function runAckBench(options: {
  count: number;
  llmDelayMs: number;
  threads: number;
  clickLabel: string;
  measure: (run: AckRun) => Promise<AckFigures>;
}): Promise<void> {
  const { threads, llmDelayMs, measure } = options;
  const load = await startLoadClient();
  let onLoop: AckFigures, pooled: AckFigures, slow: AckFigures;
  try {
    onLoop = await measure({ name: 'offline, readings on the loop', readingThreads: 0, load });
    pooled = await measure({
      name: `offline, ${threads} reading threads`,
      readingThreads: threads,
      load,
    });
    const llm = await startScriptedOpenAiServer();
    llm.script({ delayMs: llmDelayMs, times: 1_000_000 });
    slow = await measure({
      name: `LLM answering in ${llmDelayMs / 1000} s`,
      readingThreads: threads,
      llm,
      load,
    });
  } finally {
    await load.close();
  }
  console.log(
    `\n${options.count} mentions and ${options.count} clicks per run, sent at once; ms over real HTTP on 127.0.0.1`,
  );
  console.log('run                          what            p50     p95     p99     max');
  for (const [name, figures] of [
    ['offline, on the loop', onLoop],
    [`offline, ${threads} threads`, pooled],
    [`LLM ${llmDelayMs / 1000} s, ${threads} threads`, slow],
  ] as const) {
    row(name, 'mention ack', figures.mentionAck);
    row(name, 'working state', figures.workingState);
    row(name, options.clickLabel, figures.clickAck);
  }
  const ratio = (over: AckFigures, pick: (figures: AckFigures) => number[], q: number) =>
    (quantile(pick(over), q) / Math.max(quantile(pick(onLoop), q), 0.001)).toFixed(2);
  for (const [name, figures] of [
    ['offline with threads', pooled],
    ['slow LLM', slow],
  ] as const) {
    console.log(
      `${name} / offline on the loop: mention ack p99 ${ratio(figures, (f) => f.mentionAck, 0.99)}, working state p95 ${ratio(figures, (f) => f.workingState, 0.95)}, ${options.clickLabel} p99 ${ratio(figures, (f) => f.clickAck, 0.99)}`,
    );
  }
}

/**
 * Per request, from its sending to the arrival of what answered it (ms since the epoch, by the
 * request's key), as a user sees it; fails if one has not arrived.
 */
export function sinceSent(
  sent: readonly Sent[],
  keys: readonly string[],
  arrivals: ReadonlyMap<string, number>,
): number[] {
  return sent.map(({ sentAt }, index) => {
    const arrived = arrivals.get(keys[index] ?? '');
    if (arrived === undefined) throw new Error(`nothing arrived for request ${index}`);
    return arrived - sentAt;
  });
}

/** Polls `condition` every 10 ms; fails with `what` after `timeoutMs`. */
export async function waitUntil(
  condition: () => boolean,
  what: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(what);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function row(name: string, what: string, samples: number[]): void {
  const cells = [0.5, 0.95, 0.99, 1].map((q) => quantile(samples, q).toFixed(1).padStart(7));
  console.log(`${name.padEnd(28)} ${what.padEnd(13)} ${cells.join(' ')}`);
}
