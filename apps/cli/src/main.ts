import { Command, InvalidArgumentError, Option } from 'commander';
import { loadConfig, type ClarifyConfig } from '@clarify/config';
import { describeError, STRATEGY_NAMES, type StrategyName } from '@clarify/core';
import { runPipelineBench } from './bench/pipeline/pipeline-bench';
import { runQuestionsBench } from './bench/questions-bench';
import { runRetrievalBench } from './bench/retrieval-bench';
import { runAskCommand, type AskCommandOptions } from './commands/ask-command';
import { runChatCommand } from './commands/chat-command';
import { runEvalCommand, type EvalCommandOptions } from './commands/eval-command';
import { runEvalGateCommand } from './commands/eval-gate-command';
import { runSampleKbBench } from './bench/sample-kb-bench';
import { runIndexCommand, type IndexCommandOptions } from './commands/index-command';
import { runSearchCommand, type SearchCommandOptions } from './commands/search-command';
import { runSourcesCommand } from './commands/sources-command';
import { runStartCommand } from './commands/start-command';
import { openKnowledgeBase, type KnowledgeBase } from '@clarify/runtime';
import { createConsoleOutput } from './output';

const output = createConsoleOutput();

function configFrom(command: Command): ClarifyConfig {
  const config = loadConfig();
  const { dataDir, strategy } = command.optsWithGlobals<{
    dataDir?: string;
    strategy?: StrategyName;
  }>();
  return {
    ...config,
    ...(dataDir && { dataDir }),
    ...(strategy && { pipeline: { ...config.pipeline, strategy } }),
  };
}

function strategyList(value: string): StrategyName[] {
  const names = value.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !(STRATEGY_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0) {
    throw new InvalidArgumentError(
      `unknown strategy ${unknown.join(', ')}; use ${STRATEGY_NAMES.join(', ')}`,
    );
  }
  return names as StrategyName[];
}

/** `--strategy`, overriding CLARIFY_STRATEGY for one command. */
const strategyOption = () =>
  new Option(
    '--strategy <name>',
    'question strategy (default: CLARIFY_STRATEGY or verdict)',
  ).choices(STRATEGY_NAMES);

async function withKnowledgeBase(command: Command, task: (kb: KnowledgeBase) => Promise<unknown>) {
  const kb = await openKnowledgeBase(configFrom(command), {
    onWarning: (message) => output.err(`clarify: warning: ${message}`),
  });
  try {
    await task(kb);
  } finally {
    await kb.close();
  }
}

const collect = (value: string, previous: string[] = []) => [...previous, value];
const positiveInt = (value: string) => {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1)
    throw new InvalidArgumentError('expected a positive whole number');
  return parsed;
};

const program = new Command()
  .name('clarify')
  .description(
    'Answers questions from your documents, and asks which meaning you intend when they disagree.',
  )
  .option(
    '--data-dir <path>',
    'folder of the embedded database (default: $CLARIFY_DATA_DIR or ./.clarify)',
  )
  .showHelpAfterError()
  .configureOutput({ writeErr: (text) => process.stderr.write(text) });

program
  .command('start')
  .description('index the bundled sample knowledge base and open an interactive prompt')
  .action((_options, command: Command) =>
    withKnowledgeBase(command, (kb) =>
      runStartCommand(kb, output, { stdin: process.stdin, prompt: Boolean(process.stdin.isTTY) }),
    ),
  );

program
  .command('index <dir>')
  .description(
    'index a folder (Markdown, text, HTML, PDF, DOCX); only changed files are re-processed',
  )
  .option('--source <id>', 'source id (default: the folder name)')
  .option('--include <glob>', 'only files matching this glob (repeatable)', collect)
  .option('--exclude <glob>', 'skip files matching this glob (repeatable)', collect)
  .option('--uri-prefix <url>', 'base URL for citation links instead of file:// paths')
  .option('--confirm-deletions', 'allow a run to delete more than 20% of the source')
  .option('--json', 'print the finished job as JSON')
  .action((directory: string, options: IndexCommandOptions, command: Command) =>
    withKnowledgeBase(command, async (kb) => {
      const job = await runIndexCommand(kb, output, { directory, options });
      if (job.status !== 'succeeded') process.exitCode = 1;
    }),
  );

program
  .command('search <query>')
  .description('hybrid search (vector + full text) over the knowledge base')
  .option('-k, --k <count>', 'number of passages', positiveInt, 5)
  .option('--source <id>', 'only this source (repeatable)', collect)
  .option('--json', 'print [{documentId, title, uri, heading, text, score}]')
  .action((query: string, options: SearchCommandOptions, command: Command) =>
    withKnowledgeBase(command, (kb) => runSearchCommand(kb, output, { query, options })),
  );

program
  .command('ask <question>')
  .description('ask a question: an answer with citations, or the meanings to choose from')
  .option(
    '--history <file>',
    'earlier turns of the thread: [{"role": "user" | "assistant", "text": "…"}]',
  )
  .option('--json', 'print the reply as JSON (kind, text, citations, options)')
  .option('--explain', 'print the trace: stages, timings, calls and tokens')
  .addOption(strategyOption())
  .action((question: string, options: AskCommandOptions, command: Command) =>
    withKnowledgeBase(command, (kb) => runAskCommand(kb, output, { question, options })),
  );

program
  .command('chat')
  .description(
    'chat with the knowledge base: follow-ups use the conversation; pick an option by its number',
  )
  .addOption(strategyOption())
  .action((_options, command: Command) =>
    withKnowledgeBase(command, (kb) =>
      runChatCommand(kb, output, { stdin: process.stdin, prompt: Boolean(process.stdin.isTTY) }),
    ),
  );

program
  .command('sources')
  .description('list sources with document and chunk counts')
  .option('--json', 'print JSON')
  .action((options: { json?: boolean }, command: Command) =>
    withKnowledgeBase(command, (kb) => runSourcesCommand(kb, output, options)),
  );

program
  .command('eval <benchmark-dir>')
  .description(
    'run a benchmark (format v1) through each strategy and write report.json, report.md and chart.svg',
  )
  .option('--questions <subdir>', 'the folder holding questions.jsonl, inside the benchmark')
  .option(
    '--strategy <list>',
    `comma-separated: ${STRATEGY_NAMES.join(', ')} (default: those the configured engine runs)`,
    strategyList,
  )
  .option('--limit <count>', 'only the first questions', positiveInt)
  .option('--out <dir>', 'report folder (default: eval-reports/<benchmark name>)')
  .option('--strict', 'fail on a malformed line instead of reporting and skipping it')
  .action(async (benchmarkDir: string, options: EvalCommandOptions, command: Command) => {
    await runEvalCommand(configFrom(command), output, { benchmarkDir, options });
  });

program
  .command('eval-gate <dataset>')
  .description(
    'detection figures on held-out data: the history gate (canard) or the ambiguity classifier (clariq, clamber)',
  )
  .option(
    '--eval-dir <dir>',
    'folder holding detection/ (default: ../shared/eval beside the repository)',
  )
  .option('--json', 'print the figures as JSON')
  .action((dataset: string, options: { evalDir?: string; json?: boolean }) => {
    runEvalGateCommand(output, { dataset, ...options });
  });

const bench = program.command('bench').description('benchmarks that print figures');

bench
  .command('sample-kb')
  .description(
    'retrieval quality on the sample knowledge base: top-1 and recall@5 of its golden queries',
  )
  .action(() => runSampleKbBench(output));

bench
  .command('questions')
  .description(
    'the offline pipeline on the sample knowledge base golden questions: decision accuracy',
  )
  .action(() => runQuestionsBench(output));

bench
  .command('pipeline')
  .description(
    'the question pipeline on the golden questions: offline latency per stage, and LLM calls, rounds and tokens of every strategy against a simulated LLM',
  )
  .option('--limit <count>', 'only the first questions', positiveInt)
  .action((options: { limit?: number }) => runPipelineBench(output, options));

bench
  .command('retrieval')
  .description(
    'synthetic corpus on a fresh PGlite: indexing, re-index, hybrid latency, HNSW recall',
  )
  .option('--sizes <list>', 'chunk counts, comma-separated', '10000,100000')
  .option('--queries <count>', 'queries per size', positiveInt, 200)
  .option('--json <file>', 'also write the figures to this file')
  .action((options: { sizes: string; queries: number; json?: string }) =>
    runRetrievalBench(output, {
      sizes: options.sizes.split(',').map((size) => positiveInt(size.trim())),
      queries: options.queries,
      jsonFile: options.json,
    }),
  );

try {
  await program.parseAsync(process.argv);
} catch (error) {
  output.err(`clarify: ${describeError(error)}`);
  process.exitCode = 1;
}
