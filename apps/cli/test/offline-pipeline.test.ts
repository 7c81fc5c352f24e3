import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Assistant, ConversationStore } from '@clarify/core';
import type { Database } from '@clarify/db';
import { createTestDatabase } from '@clarify/db/testing';
import { createOfflineEmbedder } from '@clarify/llm';
import { indexSampleKnowledgeBase } from '../src/bench/golden-retrieval';
import { createConfiguredAssistant, OFFLINE_PIPELINE, pipelineParts } from '@clarify/runtime';

let database: Database;
let assistant: Assistant;
let conversations: ConversationStore;
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
  const parts = pipelineParts(database, embedder);
  conversations = parts.conversations;
  assistant = createConfiguredAssistant(OFFLINE_PIPELINE, parts).assistant;
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

  it('answers a follow-up the thread settles, saying how it understood it', async () => {
    const first = await assistant.ask({
      thread: thread('leave'),
      userId: 'u1',
      text: 'How many vacation days do I get?',
    });
    expect(first.kind).toBe('clarify');
    if (first.kind !== 'clarify') return;
    const rotterdam = first.options.find(
      (option) => option.citations[0]?.documentId === 'hr/leave-policy-rotterdam.md',
    );
    expect(rotterdam).toBeDefined();
    const chosen = await assistant.choose(first.clarificationId, rotterdam?.id ?? '');
    expect(chosen.kind).toBe('answer');
    expect(chosen.kind === 'answer' && chosen.text).toContain('26');

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

  it('answers a self-contained question directly when the thread already says which one', async () => {
    const history = [
      'GlobalProtect keeps rejecting my login when I connect from home.',
      'The VPN uses your network password, not your Okta password. It may have expired.',
    ];
    for (const [index, text] of history.entries()) {
      await conversations.append({
        thread: thread('vpn'),
        role: index === 0 ? 'user' : 'assistant',
        userId: index === 0 ? 'u1' : null,
        text,
        rewrittenText: null,
        citations: [],
        createdAt: new Date(),
      });
    }
    const reply = await assistant.ask({
      thread: thread('vpn'),
      userId: 'u1',
      text: 'How do I reset my password?',
    });
    expect(reply.kind).toBe('answer');
    expect(reply.kind === 'answer' && reply.interpretedAs).toMatch(/VPN/);
    expect(reply.kind === 'answer' && reply.citations[0]?.documentId).toBe(
      'it/vpn-reset-password.md',
    );
    expect(reply.kind === 'answer' && reply.text).toContain(
      'https://netpass.northwind-lattice.example',
    );
  });
});
