import { describe, expect, it } from 'vitest';
import type {
  ChatCompletion,
  ChatModel,
  ChatRequest,
  Citation,
  HistoryTurn,
  StructuredCompletion,
} from '@clarify/core';
import { cleanRewrite, createLlmQueryRewriter } from './create-llm-query-rewriter';

/** A chat model that records its requests and answers with scripted texts, in order. */
class FakeChatModel implements ChatModel {
  readonly model = 'fake-rewriter';
  readonly requests: ChatRequest[] = [];
  private readonly replies: (string | Error)[];

  constructor(replies: (string | Error)[]) {
    this.replies = [...replies];
  }

  complete(request: ChatRequest): Promise<ChatCompletion> {
    this.requests.push(request);
    const reply = this.replies.shift() ?? new Error('no scripted reply');
    if (reply instanceof Error) return Promise.reject(reply);
    return Promise.resolve({ text: reply, usage: { promptTokens: 120, completionTokens: 15 } });
  }

  completeStructured<T>(): Promise<StructuredCompletion<T>> {
    return Promise.reject(new Error('the rewriter makes no structured call'));
  }
}

const citation: Citation = {
  chunkId: 'leave#1',
  documentId: 'hr/leave.md',
  sourceId: 'kb',
  title: 'Rotterdam Office Leave Policy',
  uri: 'file:///kb/hr/leave.md',
  heading: 'Vacation days',
  updatedAt: null,
};

const history: HistoryTurn[] = [
  { role: 'user', text: 'How many vacation days do I get in Rotterdam?' },
  {
    role: 'assistant',
    text: 'Employees of the Rotterdam office get 25 vacation days per year [1].',
    citations: [citation],
  },
];

function promptOf(model: FakeChatModel): string {
  return model.requests[0]?.messages.map((message) => message.content).join('\n') ?? '';
}

describe('createLlmQueryRewriter', () => {
  it('sends the turns, cited titles and message, and returns the accepted rewrite', async () => {
    const chatModel = new FakeChatModel(['How many vacation days do I get in Boston?']);
    const rewriter = createLlmQueryRewriter({ chatModel, maxTokens: 120 });
    const result = await rewriter.rewrite({ message: 'what about Boston?', history });
    expect(result).toEqual({
      text: 'How many vacation days do I get in Boston?',
      rewritten: true,
      llmCalls: 1,
      usage: { promptTokens: 120, completionTokens: 15 },
    });
    const prompt = promptOf(chatModel);
    expect(prompt).toContain('User: How many vacation days do I get in Rotterdam?');
    expect(prompt).toContain('Assistant: Employees of the Rotterdam office get 25 vacation days');
    expect(prompt).toContain('Cited: Rotterdam Office Leave Policy › Vacation days');
    expect(prompt).toContain('Latest message: what about Boston?');
    expect(prompt).toMatch(/exactly as written/);
    expect(chatModel.requests[0]).toMatchObject({
      maxTokens: 120,
      temperature: 0,
      purpose: 'rewrite-query',
    });
  });

  it('sends only the last five turns', async () => {
    const long: HistoryTurn[] = Array.from({ length: 7 }, (_, index) => ({
      role: index % 2 === 0 ? 'user' : 'assistant',
      text: `turn number ${index}`,
    }));
    const chatModel = new FakeChatModel(['what about turn 6?']);
    await createLlmQueryRewriter({ chatModel }).rewrite({ message: 'and that?', history: long });
    const prompt = promptOf(chatModel);
    expect(prompt).not.toContain('turn number 1');
    expect(prompt).toContain('turn number 2');
    expect(prompt).toContain('turn number 6');
  });

  it.each([
    ['drops a ticket key', 'is ABC-123 fixed in v3.2?', 'Is the VPN bug fixed in Lattice v3.2?'],
    ['alters a version', 'is ABC-123 fixed in v3.2?', 'Is ticket ABC-123 fixed in Lattice v3?'],
    ['is empty', 'is ABC-123 fixed in v3.2?', '   '],
    ['is far too long', 'is it fixed?', `Is the VPN bug fixed? ${'Because '.repeat(60)}`],
  ])('keeps the original when the rewrite %s', async (_case, message, reply) => {
    const chatModel = new FakeChatModel([reply]);
    const result = await createLlmQueryRewriter({ chatModel }).rewrite({ message, history });
    expect(result).toEqual({
      text: message,
      rewritten: false,
      llmCalls: 1,
      usage: { promptTokens: 120, completionTokens: 15 },
    });
  });

  it('accepts a rewrite that keeps every entity and strips a label and quotes', async () => {
    const chatModel = new FakeChatModel([
      'Standalone question: "Is ticket ABC-123 fixed in Lattice v3.2?"',
    ]);
    const result = await createLlmQueryRewriter({ chatModel }).rewrite({
      message: 'is ABC-123 fixed in v3.2?',
      history,
    });
    expect(result).toMatchObject({
      text: 'Is ticket ABC-123 fixed in Lattice v3.2?',
      rewritten: true,
    });
  });

  it('reports an unchanged rewrite as not rewritten', async () => {
    const message = 'How many sick days do employees in Boston get?';
    const chatModel = new FakeChatModel([message]);
    const result = await createLlmQueryRewriter({ chatModel }).rewrite({ message, history });
    expect(result).toMatchObject({ text: message, rewritten: false, llmCalls: 1 });
  });

  it('lets chat model errors propagate and passes the abort signal', async () => {
    const chatModel = new FakeChatModel([new Error('rate limited')]);
    const controller = new AbortController();
    await expect(
      createLlmQueryRewriter({ chatModel }).rewrite({
        message: 'what about Boston?',
        history,
        signal: controller.signal,
      }),
    ).rejects.toThrow('rate limited');
    expect(chatModel.requests[0]?.signal).toBe(controller.signal);
  });
});

describe('cleanRewrite', () => {
  it('removes labels, wrapping quotes and line breaks', () => {
    expect(cleanRewrite('Rewritten question: How do I reset the VPN?\n')).toBe(
      'How do I reset the VPN?',
    );
    expect(cleanRewrite('“How do I reset the VPN?”')).toBe('How do I reset the VPN?');
    expect(cleanRewrite('Is "Q3 Budget" shared?')).toBe('Is "Q3 Budget" shared?');
  });
});
