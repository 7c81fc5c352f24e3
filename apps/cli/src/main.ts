import { Command, InvalidArgumentError, Option } from 'commander';
import { loadConfig, type ClarifyConfig } from '@clarify/config';
import { describeError, STRATEGY_NAMES, type StrategyName } from '@clarify/core';
import { runPipelineBench } from './bench/pipeline/pipeline-bench';
import { runQuestionsBench } from './bench/questions-bench';
import { runIndexBench } from './bench/index-bench';
import { runRetrievalBench } from './bench/retrieval-bench';
import { runWebBench } from './bench/web-bench';
import { runAskCommand, type AskCommandOptions } from './commands/ask-command';
import { runTerminalChat } from './commands/chat-start-command';
import { runEvalCommand, type EvalCommandOptions } from './commands/eval-command';
import { runEvalGateCommand } from './commands/eval-gate-command';
import { runSampleKbBench } from './bench/sample-kb-bench';
import { runIndexCommand, type IndexCommandOptions } from './commands/index-command';
import { runSearchCommand, type SearchCommandOptions } from './commands/search-command';
import { runJobsCommand } from './commands/jobs-command';
import { runReindexCommand, type ReindexCommandOptions } from './commands/reindex-command';
import { runWorker } from '@clarify/worker';
import {
  runSetScheduleCommand,
  runSourceAddCommand,
  runSourceRemoveCommand,
  type SourceAddOptions,
} from './commands/source-changes-command';
import { runSourceShowCommand, runSourcesCommand } from './commands/sources-command';
import { sourceTypesHelp } from './commands/source-types-help';
import { CONNECTORS, SOURCE_TYPES } from '@clarify/ingest';
import { runStartCommand } from './commands/start-command';
import { runWebCommand, type WebCommandOptions } from './commands/web-command';
import {
  applySourcesFile,
  openKnowledgeBase,
  SOURCES_FILE,
  type KnowledgeBase,
} from '@clarify/runtime';
import { resolve } from 'node:path';
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

const portOption = (description = 'port to listen on (default: $CLARIFY_WEB_PORT or 3000)') =>
  new Option('--port <port>', description).argParser((value: string) => {
    const port = Number(value);
    if (!Number.isInteger(port) || port < 0 || port > 65_535)
      throw new InvalidArgumentError('expected a port number, 0 to 65535');
    return port;
  });
const hostOption = () =>
  new Option('--host <host>', 'address to listen on (default: $CLARIFY_WEB_HOST or 127.0.0.1)');

program
  .command('start')
  .description(
    'index the bundled sample knowledge base and open the web console on http://localhost:3000',
  )
  .addOption(portOption())
  .addOption(hostOption())
  .action((options: WebCommandOptions, command: Command) =>
    runStartCommand(configFrom(command), output, options),
  );

program
  .command('web')
  .description('the web console: chat playground and admin pages (sources, jobs, analytics)')
  .addOption(portOption())
  .addOption(hostOption())
  .action((options: WebCommandOptions, command: Command) =>
    runWebCommand(configFrom(command), output, options),
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
      runTerminalChat(kb, output, { stdin: process.stdin, prompt: Boolean(process.stdin.isTTY) }),
    ),
  );

const sources = program
  .command('sources')
  .description('the places documents come from: list, add, show, remove, schedule');

sources
  .command('list', { isDefault: true })
  .description('every source with its counts, schedule and last successful run')
  .option('--json', 'print JSON (id, type, documents, chunks, lastIndexedAt, schedule, …)')
  .action((options: { json?: boolean }, command: Command) =>
    withKnowledgeBase(command, (kb) => runSourcesCommand(kb, output, options)),
  );

const add = sources
  .command('add <type>')
  .description(
    `add or update a source (types: ${SOURCE_TYPES.join(', ')}); index it with clarify reindex`,
  )
  .requiredOption('--id <id>', 'source id: a-z, 0-9, ".", "_", "-"')
  .option('--name <name>', 'a display name (default: the id)')
  .option('--schedule <cron>', 're-index on this cron schedule, e.g. "0 3 * * *" (default: manual)')
  .option('--audience <tag>', 'only conversations with this tag may read it (repeatable)', collect)
  .option('--json', 'print the saved source as JSON');
// An option several types share (`--max-pages`) is registered once, with each type's meaning.
const typeOptions = new Map<string, { description: string[]; repeatable: boolean }>();
for (const connector of Object.values(CONNECTORS)) {
  for (const option of connector.options) {
    const known = typeOptions.get(option.flag);
    if (known) known.description.push(option.description);
    else
      typeOptions.set(option.flag, {
        description: [option.description],
        repeatable: option.repeatable ?? false,
      });
  }
}
for (const [flag, { description, repeatable }] of typeOptions) {
  if (repeatable) add.option(flag, description.join('; '), collect);
  else add.option(flag, description.join('; '));
}
add
  .addHelpText('after', sourceTypesHelp)
  .action((type: string, options: SourceAddOptions, command: Command) =>
    withKnowledgeBase(command, (kb) =>
      runSourceAddCommand(kb, output, {
        type,
        options,
        given: new Set(
          command.options
            .map((option) => option.attributeName())
            .filter((key) => command.getOptionValueSource(key) === 'cli'),
        ),
      }),
    ),
  );

sources
  .command('apply [file]')
  .description(`add or update the sources a YAML file declares (default: ./${SOURCES_FILE})`)
  .action((file: string | undefined, _options, command: Command) =>
    withKnowledgeBase(command, async (kb) => {
      const saved = await applySourcesFile(kb.sources, resolve(file ?? SOURCES_FILE));
      output.out(`Applied ${saved.length} sources: ${saved.map((source) => source.id).join(', ')}`);
    }),
  );

sources
  .command('show <id>')
  .description('one source: where it reads, settings, counts and its last runs')
  .option('--json', 'print JSON')
  .action((id: string, options: { json?: boolean }, command: Command) =>
    withKnowledgeBase(command, (kb) => runSourceShowCommand(kb, output, { id, ...options })),
  );

sources
  .command('remove <id>')
  .description('remove a source and everything indexed from it')
  .option('--yes', 'remove it even though it has indexed documents')
  .action((id: string, options: { yes?: boolean }, command: Command) =>
    withKnowledgeBase(command, (kb) => runSourceRemoveCommand(kb, output, { id, ...options })),
  );

sources
  .command('set-schedule <id> <cron>')
  .description('re-index a source on a cron schedule ("0 3 * * *"), or "none" for manual only')
  .action((id: string, schedule: string, _options, command: Command) =>
    withKnowledgeBase(command, (kb) => runSetScheduleCommand(kb, output, { id, schedule })),
  );

program
  .command('reindex <id>')
  .description('index a saved source now; only changed documents are re-processed')
  .option('--full', 're-process every document, changed or not')
  .option('--confirm-deletions', 'allow a run to delete more than 20% of the source')
  .option(
    '--wait',
    'with DATABASE_URL: follow the queued run to its end (the embedded database always runs it here)',
  )
  .option('--json', 'print the finished job as JSON')
  .action((id: string, options: ReindexCommandOptions, command: Command) =>
    withKnowledgeBase(command, async (kb) => {
      const job = await runReindexCommand(kb, output, { id, options });
      if (job !== null && job.status !== 'succeeded') process.exitCode = 1;
    }),
  );

program
  .command('worker')
  .description(
    'run the index worker: scheduled re-indexes (missed ones caught up) and queued runs, until SIGTERM',
  )
  .option('--concurrency <count>', 'runs of different sources at once (default 1)', positiveInt)
  .addOption(
    portOption('serve /healthz, /readyz and /metrics on this port (default: $CLARIFY_WORKER_PORT)'),
  )
  .action((options: { concurrency?: number; port?: number }, command: Command) =>
    runWorker(configFrom(command), options),
  );

program
  .command('jobs')
  .description('the latest index runs, newest first')
  .option('--source <id>', 'only this source')
  .option('--limit <count>', 'how many (default 20)', positiveInt)
  .option('--json', 'print JSON')
  .action((options: { source?: string; limit?: number; json?: boolean }, command: Command) =>
    withKnowledgeBase(command, (kb) => runJobsCommand(kb, output, options)),
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
  .command('index')
  .description(
    'a generated corpus from a folder and a local website: first index, then unchanged re-index',
  )
  .option('--documents <count>', 'files in the folder', positiveInt, 10_000)
  .option('--web-documents <count>', 'pages of the website', positiveInt, 2_000)
  .action((options: { documents: number; webDocuments: number }) => runIndexBench(output, options));

bench
  .command('web')
  .description(
    'time to a first answer in the web console (headless Chromium) against the assistant alone',
  )
  .option('--rounds <count>', 'times each first question is asked', positiveInt, 3)
  .action((options: { rounds: number }) => runWebBench(output, options));

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
