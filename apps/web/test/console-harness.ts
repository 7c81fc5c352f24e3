import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createChatAssistant,
  createPgChatStores,
  type ChatAssistant,
  type Logger,
} from '@clarify/chat';
import { loadConfig, loadWebConfig } from '@clarify/config';
import { checkDatabase } from '@clarify/db';
import {
  createOperationsEndpoints,
  createReadiness,
  ensureSampleSource,
  instrumentAssistant,
  openKnowledgeBase,
  startIndexing,
  type KnowledgeBase,
} from '@clarify/runtime';
import { startWebConsole, type StartedWebConsole, type WebConsoleOptions } from '../src';

export const ADMIN_TOKEN = 'test-admin-token-0123456789';

export type LogLine = { level: 'debug' | 'info' | 'warn' | 'error'; text: string };

/** A logger that keeps every line (its object as JSON, then the message) for assertions. */
export function recordingLogger(lines: LogLine[]): Logger {
  const write = (level: LogLine['level']) => (object: object | string, message?: string) => {
    const fields = typeof object === 'string' ? '' : JSON.stringify(object);
    lines.push({
      level,
      text: `${fields} ${typeof object === 'string' ? object : (message ?? '')}`,
    });
  };
  const logger: Logger = {
    child: () => logger,
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
  };
  return logger;
}

export type RunningConsole = {
  console: StartedWebConsole;
  kb: KnowledgeBase;
  logs: LogLine[];
  stop(): Promise<void>;
};

/**
 * The web console as `clarify start` runs it: the sample knowledge base indexed into a fresh
 * PGlite folder, the offline assistant, in-process indexing, on a free loopback port.
 */
export async function startTestConsole(
  extra: Partial<
    Pick<WebConsoleOptions, 'adminToken' | 'oidc' | 'oidcAllowHttp' | 'questionsPerMinute'>
  > & {
    /** Wraps the assistant (a slow one, say). */
    assistant?: (assistant: ChatAssistant) => ChatAssistant;
  } = {},
): Promise<RunningConsole> {
  const dataDir = await mkdtemp(join(tmpdir(), 'clarify-web-'));
  const config = { ...loadConfig({}), dataDir };
  const kb = await openKnowledgeBase(config);
  await ensureSampleSource(kb);
  const logs: LogLine[] = [];
  const logger = recordingLogger(logs);
  const chat = loadWebConfig({ CLARIFY_ANSWER_THREADS: '0' });
  const answering = createChatAssistant(config, chat, kb);
  await answering.ready();
  const indexing = await startIndexing(kb, { role: 'app', logger });
  const operations = createOperationsEndpoints({
    readiness: createReadiness({
      checkDatabase: () => checkDatabase(kb.database),
      circuit: answering.circuit,
    }),
    sources: () => kb.sources.list(),
  });
  const console = await startWebConsole({
    kb,
    operations,
    assistant: (extra.assistant ?? ((assistant) => assistant))(
      instrumentAssistant(answering.assistant, 'web'),
    ),
    stores: createPgChatStores(kb.database.db),
    indexing: indexing.dispatch,
    chat,
    logger,
    host: '127.0.0.1',
    port: 0,
    adminToken: ADMIN_TOKEN,
    ...('adminToken' in extra && { adminToken: extra.adminToken }),
    ...(extra.oidc && { oidc: extra.oidc }),
    ...(extra.oidcAllowHttp !== undefined && { oidcAllowHttp: extra.oidcAllowHttp }),
    ...(extra.questionsPerMinute !== undefined && { questionsPerMinute: extra.questionsPerMinute }),
  });
  return {
    console,
    kb,
    logs,
    async stop() {
      await console.stop();
      await indexing.stop();
      await answering.close();
      await kb.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
