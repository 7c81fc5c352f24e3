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

function llmConfig(strategy: PipelineConfig['pipeline']['strategy'], baseUrl: string) {
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
