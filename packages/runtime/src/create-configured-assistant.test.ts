import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LLM_UNAVAILABLE_NOTE, type Passage } from '@clarify/core';
import { createPgWordFrequencies, type Database } from '@clarify/db';
import { createTestDatabase } from '@clarify/db/testing';
import { createOfflineEmbedder } from '@clarify/llm';
import {
  createMemoryConversationStore,
  startScriptedOpenAiServer,
  type ScriptedOpenAiServer,
} from '@clarify/testing';
import {
  createConfiguredAssistant,
  OFFLINE_PIPELINE,
  type PipelineConfig,
} from './create-configured-assistant';
import type { PipelineParts } from './pipeline-parts';

const vpn: Passage = {
  chunkId: '1',
  documentId: 'it/vpn.md',
  sourceId: 'kb',
  title: 'Resetting your VPN password',
  uri: 'file:///kb/it/vpn.md',
  headingPath: ['Resetting your VPN password'],
  text: 'Reset your VPN password at https://netpass.example.com. The new password works after 5 minutes.',
  score: 1 / 61,
  denseRank: 1,
  similarity: 0.8,
  lexicalRank: 1,
  updatedAt: null,
};

let database: Database;
let server: ScriptedOpenAiServer;
const thread = (threadId: string) => ({
  platform: 'test',
  workspaceId: 'w',
  channelId: 'c',
  threadId,
});

beforeAll(async () => {
  database = await createTestDatabase('pglite');
  server = await startScriptedOpenAiServer({
    chatReply: (body) =>
      JSON.stringify(body).includes('passage_interpretation')
        ? {
            answerable: true,
            interpretation: 'How do I reset my VPN password?',
            answer: 'At https://netpass.example.com.',
            evidence: 'Reset your VPN password at https://netpass.example.com.',
          }
        : 'Reset it at https://netpass.example.com [1].',
  });
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

function parts(): PipelineParts {
  return {
    database,
    embedder: createOfflineEmbedder(),
    retriever: { search: () => Promise.resolve([vpn]) },
    wordFrequencies: createPgWordFrequencies(database.db),
    conversations: createMemoryConversationStore(),
  };
}

function llmConfig(
  strategy: PipelineConfig['pipeline']['strategy'],
  baseUrl: string,
  breaker = { failures: 5, resetMs: 30_000 },
) {
  return {
    llm: {
      provider: 'openai' as const,
      baseUrl,
      apiKey: 'sk-test',
      model: 'gpt-test',
      timeoutMs: 2_000,
      maxRetries: 0,
      maxConcurrency: 4,
      structuredOutput: 'json_schema' as const,
      breaker,
    },
    pipeline: { strategy, consolidation: 'default' as const, maxOptions: 3 },
  };
}

describe('createConfiguredAssistant', () => {
  it('runs offline by default, with no network', async () => {
    const { assistant, engine } = createConfiguredAssistant(OFFLINE_PIPELINE, parts());
    expect(engine).toBe('offline');
    const reply = await assistant.ask({
      thread: thread('offline'),
      userId: 'u',
      text: 'How do I reset my VPN password?',
    });
    expect(reply).toMatchObject({ kind: 'answer', trace: { llmCalls: 0 } });
  });

  it('uses the configured LLM, and the offline engine with a note when it is down', async () => {
    const before = server.requests.length;
    const live = createConfiguredAssistant(llmConfig('verdict', server.url), parts());
    expect(live.engine).toBe('llm');
    const reply = await live.assistant.ask({
      thread: thread('llm'),
      userId: 'u',
      text: 'How do I reset my VPN password?',
    });
    expect(reply).toMatchObject({ kind: 'answer', trace: { llmCalls: 2 } });
    expect(reply.kind === 'answer' && reply.note).toBeFalsy();
    expect(server.requests.length - before).toBe(2);

    const dead = createConfiguredAssistant(llmConfig('rac', 'http://127.0.0.1:9/v1'), parts());
    const degraded = await dead.assistant.ask({
      thread: thread('dead'),
      userId: 'u',
      text: 'How do I reset my VPN password?',
    });
    expect(degraded).toMatchObject({ kind: 'answer', note: LLM_UNAVAILABLE_NOTE });
  });

  it('opens the circuit after repeated LLM failures, answers offline at once, and a probe closes it', async () => {
    const live = createConfiguredAssistant(
      llmConfig('verdict', server.url, { failures: 5, resetMs: 300 }),
      parts(),
    );
    const circuit = live.circuit;
    if (circuit === null) throw new Error('an LLM assistant has a circuit');
    const ask = (id: string) =>
      live.assistant.ask({
        thread: thread(id),
        userId: 'u',
        text: 'How do I reset my VPN password?',
      });
    // The LLM fails ten times in a row (500s; no retries configured here).
    server.script({ path: '/v1/chat/completions', status: 500, times: 10 });
    const states: string[] = [];
    circuit.onChange((state) => states.push(state));
    let asked = 0;
    while (circuit.state() === 'closed' && asked < 10) {
      const reply = await ask(`failing-${asked}`);
      expect(reply).toMatchObject({ note: LLM_UNAVAILABLE_NOTE });
      asked += 1;
    }
    expect(circuit.state()).toBe('open');
    // Open: the answer comes from the offline engine without calling the LLM at all.
    const before = server.requests.length;
    const offline = await ask('open');
    expect(offline).toMatchObject({ kind: 'answer', note: LLM_UNAVAILABLE_NOTE });
    expect(server.requests.length).toBe(before);
    // After the reset time a probe of the breaker's own goes out: still failing, open again.
    await expect.poll(() => server.requests.length, { timeout: 5_000 }).toBeGreaterThan(before);
    await expect.poll(() => states.filter((state) => state === 'open').length).toBe(2);
    // Healthy again once the ten failures are used up: a probe closes it, and the LLM answers.
    await expect.poll(() => circuit.state(), { timeout: 10_000 }).toBe('closed');
    expect(server.unusedScriptCount()).toBe(0);
    const recovered = await ask('recovered');
    expect(recovered.kind === 'answer' && recovered.note).toBeFalsy();
    circuit.dispose();
  });

  it('refuses a strategy that needs an LLM when none is configured', () => {
    expect(() =>
      createConfiguredAssistant(
        {
          ...OFFLINE_PIPELINE,
          pipeline: { strategy: 'diva', consolidation: 'default', maxOptions: 3 },
        },
        parts(),
      ),
    ).toThrow(/diva strategy needs an LLM/);
  });

  it('builds every strategy over the same parts', () => {
    for (const strategy of ['verdict', 'diva', 'adf', 'rac', 'rag'] as const) {
      expect(createConfiguredAssistant(llmConfig(strategy, server.url), parts()).strategy).toBe(
        strategy,
      );
    }
  });
});
