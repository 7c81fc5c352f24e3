import {
  DEFAULT_MAX_OPTIONS,
  STRATEGY_NAMES,
  type Reply,
  type StrategyName,
  type Trace,
} from '@clarify/core';
import { createConfiguredAssistant, OFFLINE_PIPELINE, type PipelineParts } from '@clarify/runtime';
import { startScriptedOpenAiServer } from '@clarify/testing';
import type { Output } from '../../output';
import { askGolden, readGoldenQuestions, type GoldenQuestion } from '../golden-questions';
import { mean, quantile } from '../statistics';
import { withIndexedSampleKb } from '../with-sample-kb';
import { simulatedChatReply } from './simulated-model';

type Asked = { reply: Reply; trace: Trace };

/**
 * `clarify bench pipeline`: on the sample knowledge base's golden questions, (1) the offline
 * engine's latency per question, p50/p95 per stage; (2) every strategy against a simulated LLM
 * behind the scripted OpenAI-compatible server (real HTTP, the real SDK) in one run: LLM calls,
 * sequential LLM rounds and prompt/completion tokens per question.
 */
export function runPipelineBench(output: Output, options: { limit?: number }): Promise<void> {
  return withIndexedSampleKb(async (parts) => {
    const questions = (await readGoldenQuestions()).slice(0, options.limit);
    output.out(`${questions.length} golden questions of the sample knowledge base\n`);
    await offlineLatency(output, parts, questions);
    await strategyCosts(output, parts, questions);
  });
}

async function offlineLatency(
  output: Output,
  parts: PipelineParts,
  questions: readonly GoldenQuestion[],
): Promise<void> {
  const { assistant } = createConfiguredAssistant(OFFLINE_PIPELINE, parts);
  // One warm-up question: module loading and JIT are not per-question costs.
  if (questions[0]) await askGolden(assistant, parts.conversations, questions[0], 'warm-up');
  const asked = await askAll(questions, (golden) =>
    askGolden(assistant, parts.conversations, golden, 'offline'),
  );
  output.out('offline engine (verdict), latency per question in ms');
  output.out(`  ${'stage'.padEnd(26)} ${'p50'.padStart(8)} ${'p95'.padStart(8)}  questions`);
  const names = [...new Set(asked.flatMap(({ trace }) => trace.stages.map((stage) => stage.name)))];
  for (const name of names) {
    const durations = asked.flatMap(({ trace }) =>
      trace.stages.filter((stage) => stage.name === name).map((stage) => stage.durationMs),
    );
    output.out(
      `  ${name.padEnd(26)} ${fixed(quantile(durations, 0.5))} ${fixed(quantile(durations, 0.95))}  ${durations.length}`,
    );
  }
  const totals = asked.map(({ trace }) => trace.totalMs);
  output.out(
    `  ${'total'.padEnd(26)} ${fixed(quantile(totals, 0.5))} ${fixed(quantile(totals, 0.95))}  ${totals.length}\n`,
  );
}

async function strategyCosts(
  output: Output,
  parts: PipelineParts,
  questions: readonly GoldenQuestion[],
): Promise<void> {
  const server = await startScriptedOpenAiServer({ chatReply: simulatedChatReply });
  try {
    output.out('every strategy against a simulated LLM over HTTP, per question (mean; max rounds)');
    output.out(
      `  ${'strategy'.padEnd(9)} ${'LLM calls'.padStart(9)} ${'rounds'.padStart(7)} ${'max'.padStart(4)} ${'to options'.padStart(10)} ${'prompt tok'.padStart(10)} ${'(to decide)'.padStart(10)} ${'compl. tok'.padStart(10)} ${'retrievals'.padStart(10)} ${'p50 ms'.padStart(8)}  replies`,
    );
    const promptTokens = new Map<StrategyName, number>();
    const interpretTokens = new Map<StrategyName, number>();
    for (const strategy of STRATEGY_NAMES) {
      const { assistant } = createConfiguredAssistant(
        {
          llm: {
            provider: 'openai',
            baseUrl: server.url,
            apiKey: 'bench',
            model: 'simulated',
            timeoutMs: 10_000,
            maxRetries: 0,
            maxConcurrency: 8,
            structuredOutput: 'json_schema',
            // The bench measures the strategies: a failing call must not switch them off.
            breaker: { failures: 1000, resetMs: 1000 },
          },
          pipeline: { strategy, consolidation: 'default', maxOptions: DEFAULT_MAX_OPTIONS },
        },
        parts,
      );
      const asked = await askAll(questions, (golden) =>
        askGolden(assistant, parts.conversations, golden, strategy),
      );
      const traces = asked.map(({ trace }) => trace);
      // Rounds a user waits for before options appear: the clarify replies' whole trace.
      const toOptions = asked
        .filter(({ reply }) => reply.kind === 'clarify')
        .map(({ trace }) => trace.llmRounds);
      promptTokens.set(strategy, mean(traces.map((trace) => trace.promptTokens)));
      interpretTokens.set(strategy, mean(traces.map(interpretationTokens)));
      output.out(
        `  ${strategy.padEnd(9)} ${num(mean(traces.map((t) => t.llmCalls)), 9)} ${num(mean(traces.map((t) => t.llmRounds)), 7)} ${String(Math.max(...traces.map((t) => t.llmRounds))).padStart(4)} ${String(toOptions.length ? Math.max(...toOptions) : '—').padStart(10)} ${num(promptTokens.get(strategy) ?? 0, 10, 0)} ${num(interpretTokens.get(strategy) ?? 0, 10, 0)} ${num(mean(traces.map((t) => t.completionTokens)), 10, 0)} ${num(mean(traces.map((t) => t.retrievalCalls)), 10)} ${fixed(
          quantile(
            traces.map((t) => t.totalMs),
            0.5,
          ),
        )}  ${kinds(asked)}`,
      );
    }
    for (const [label, figures] of [
      ['all stages', promptTokens],
      ['to decide (before any answer is written)', interpretTokens],
    ] as const) {
      const verdict = figures.get('verdict') ?? 0;
      const diva = figures.get('diva') ?? 0;
      output.out(
        `verdict prompt tokens per question, ${label}: ${verdict.toFixed(0)} vs diva ${diva.toFixed(0)} (ratio ${(verdict / diva).toFixed(2)})`,
      );
    }
  } finally {
    await server.close();
  }
}

async function askAll(
  questions: readonly GoldenQuestion[],
  ask: (golden: GoldenQuestion) => Promise<Reply>,
): Promise<Asked[]> {
  const asked: Asked[] = [];
  for (const golden of questions) {
    const reply = await ask(golden);
    asked.push({ reply, trace: reply.trace });
  }
  return asked;
}

/** Prompt tokens spent deciding what the question means: every stage but answer writing. */
function interpretationTokens(trace: Trace): number {
  return trace.stages
    .filter((stage) => !stage.name.startsWith('answer'))
    .reduce((sum, stage) => sum + stage.usage.promptTokens, 0);
}

function kinds(asked: readonly Asked[]): string {
  const count = (kind: Reply['kind']) => asked.filter(({ reply }) => reply.kind === kind).length;
  return `${count('clarify')} clarify, ${count('answer')} answer, ${count('no-answer')} none`;
}

function fixed(value: number): string {
  return value.toFixed(1).padStart(8);
}

function num(value: number, width: number, digits = 2): string {
  return value.toFixed(digits).padStart(width);
}
