import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Assistant } from '@clarify/core';
import type { Database } from '@clarify/db';
import { createTestDatabase } from '@clarify/db/testing';
import { createOfflineEmbedder } from '@clarify/llm';
import { indexSampleKnowledgeBase } from '../src/bench/golden-retrieval';
import { createOfflineAssistant, pipelineParts } from '../src/knowledge-base';

let database: Database;
let assistant: Assistant;
const thread = (threadId: string) => ({
  platform: 'cli',
  workspaceId: 'local',
  channelId: 'chat',
  threadId,
});

beforeAll(async () => {
  database = await createTestDatabase('pglite');
  const embedder = createOfflineEmbedder();
  await indexSampleKnowledgeBase(database, embedder);
  assistant = createOfflineAssistant(pipelineParts(database, embedder));
});
afterAll(async () => {
  await database?.close();
});

describe('the offline pipeline over the sample knowledge base, on Postgres stores', () => {
  it('offers both meanings of an acronym two departments use, each citing its own document', async () => {
    const reply = await assistant.ask({
      thread: thread('pip'),
      userId: 'u1',
      text: 'What is a PIP?',
    });
    expect(reply.kind).toBe('clarify');
    if (reply.kind !== 'clarify') return;
    const cited = reply.options.map((option) => option.citations[0]?.documentId);
    expect(cited).toContain('hr/performance-improvement-plan.md');
    expect(cited).toContain('sales/product-integration-partner-program.md');

    const hr = reply.options.find(
      (option) => option.citations[0]?.documentId === 'hr/performance-improvement-plan.md',
    );
    const answer = await assistant.choose(reply.clarificationId, hr?.id ?? '');
    expect(answer.kind).toBe('answer');
    expect(
      answer.kind === 'answer' && answer.citations.map((citation) => citation.documentId),
    ).toContain('hr/performance-improvement-plan.md');
  });

  it('says it does not know when nothing in the knowledge base answers', async () => {
    const reply = await assistant.ask({
      thread: thread('stock'),
      userId: 'u1',
      text: 'What is the stock price target for next year?',
    });
    expect(reply.kind).toBe('no-answer');
  });

  it('resolves a follow-up from the thread and answers with how it understood it', async () => {
    await assistant.ask({
      thread: thread('leave'),
      userId: 'u1',
      text: 'How many vacation days do I get in Rotterdam?',
    });
    const reply = await assistant.ask({
      thread: thread('leave'),
      userId: 'u1',
      text: 'what about Boston?',
    });
    expect(reply.kind).toBe('answer');
    if (reply.kind !== 'answer') return;
    expect(reply.interpretedAs).toMatch(/vacation days.*Boston/i);
    expect(reply.citations[0]?.documentId).toBe('hr/leave-policy-boston.md');
    expect(reply.text).toContain('20 days');
  });
});
