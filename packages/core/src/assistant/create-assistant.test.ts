import { describe, expect, it } from 'vitest';
import type { AnswerWriter } from '../answer-writer';
import type { InterpretationCandidate } from '../conversation';
import type {
  ChooseOutcome,
  ClarificationStore,
  ConversationStore,
  PendingClarification,
  StoredTurn,
} from '../conversation-store';
import type { Embedder } from '../embedder';
import { ClarifyError } from '../errors';
import { createHistoryGate } from '../gate';
import type { InterpretationExtractor } from '../interpretation-extractor';
import type { InterpretationStrategy } from '../interpretation-strategy';
import type { Passage } from '../passage';
import type { QueryRewriter } from '../query-rewriter';
import { toCitation } from '../reply';
import { createRagStrategy } from '../strategies';
import { createAssistant, LLM_UNAVAILABLE_NOTE, type AssistantDeps } from './create-assistant';

const thread = { platform: 'cli', workspaceId: 'local', channelId: 'chat', threadId: 't1' };
const none = { promptTokens: 0, completionTokens: 0 };

function passage(documentId: string, title: string, text: string, rank: number): Passage {
  return {
    chunkId: `${documentId}#1`,
    documentId,
    sourceId: 'kb',
    title,
    uri: `file:///${documentId}`,
    headingPath: [title],
    text,
    score: 1 / (60 + rank),
    denseRank: rank,
    similarity: 0.5,
    lexicalRank: rank,
    updatedAt: null,
  };
}
const vpn = passage('it/vpn.md', 'VPN password', 'Reset it at https://netpass.example.com.', 1);
const okta = passage(
  'it/okta.md',
  'Okta password',
  'Use Forgot password at https://id.example.com.',
  2,
);
const candidate = (source: Passage, label: string): InterpretationCandidate => ({
  interpretation: `How do I reset my password — ${label}?`,
  answer: source.text,
  evidence: source.text,
  passage: source,
});

/** Unit vectors by document, so candidates of one document cluster together. */
const embedder: Embedder = {
  model: 'fake',
  dimensions: 3,
  embed: (texts) =>
    Promise.resolve(
      texts.map((text) =>
        Float32Array.from(
          text.includes('VPN') ? [1, 0, 0] : text.includes('Okta') ? [0, 1, 0] : [0, 0, 1],
        ),
      ),
    ),
};

function memoryStores() {
  const turns: StoredTurn[] = [];
  const pending = new Map<string, PendingClarification>();
  const conversations: ConversationStore = {
    append: (turn) => Promise.resolve(void turns.push(turn)),
    recent: (key, limit) =>
      Promise.resolve(turns.filter((turn) => turn.thread.threadId === key.threadId).slice(-limit)),
  };
  const clarifications: ClarificationStore = {
    save: (clarification) => Promise.resolve(void pending.set(clarification.id, clarification)),
    get: (id) => Promise.resolve(pending.get(id) ?? null),
    choose(id, optionId, now): Promise<ChooseOutcome> {
      const found = pending.get(id);
      if (!found) return Promise.resolve({ status: 'not-found' });
      if (found.expiresAt <= now) return Promise.resolve({ status: 'expired' });
      if (found.chosenOptionId !== null)
        return Promise.resolve({ status: 'already-chosen', clarification: found });
      found.chosenOptionId = optionId;
      return Promise.resolve({ status: 'chosen', clarification: found });
    },
  };
  return { turns, conversations, clarifications };
}

const answerWriter: AnswerWriter = {
  write: ({ interpretation }) =>
    Promise.resolve({
      text: `${interpretation.answer} [1]`,
      citations: [toCitation(interpretation.passages[0] as Passage)],
      supported: true,
      llmCalls: 1,
      usage: { promptTokens: 100, completionTokens: 20 },
    }),
  writeAll: ({ interpretations }) =>
    Promise.resolve({
      text: interpretations.map((item, index) => `${item.answer} [${index + 1}]`).join('\n'),
      citations: interpretations.map((item) => toCitation(item.passages[0] as Passage)),
      supported: true,
      llmCalls: 2,
      usage: none,
    }),
};

function setup(
  overrides: Partial<AssistantDeps> = {},
  candidates = [candidate(vpn, 'VPN'), candidate(okta, 'Okta')],
) {
  const stores = memoryStores();
  const rewrites: string[] = [];
  const rewriter: QueryRewriter = {
    rewrite: ({ message }) => {
      rewrites.push(message);
      return Promise.resolve({
        text: 'How do I reset my VPN password?',
        rewritten: true,
        llmCalls: 1,
        usage: none,
      });
    },
  };
  const extractor: InterpretationExtractor = {
    extract: () =>
      Promise.resolve({
        candidates,
        abstained: 0,
        llmCalls: 2,
        usage: { promptTokens: 300, completionTokens: 40 },
      }),
  };
  let clock = new Date('2026-11-22T10:00:00Z');
  const assistant = createAssistant({
    retriever: { search: () => Promise.resolve([vpn, okta]) },
    embedder,
    gate: createHistoryGate(),
    rewriter,
    extractor,
    answerWriter,
    conversations: stores.conversations,
    clarifications: stores.clarifications,
    clock: () => clock,
    newId: () => 'c-1',
    ...overrides,
  });
  return {
    assistant,
    stores,
    rewrites,
    advance: (ms: number) => (clock = new Date(clock.getTime() + ms)),
  };
}

describe('createAssistant and the thread', () => {
  const jira = passage(
    'it/jira.md',
    'Jira password',
    'Use Forgot login at https://jira.example.com.',
    3,
  );
  const three = [candidate(vpn, 'VPN'), candidate(okta, 'Okta'), candidate(jira, 'Jira')];

  it('asks among the readings the thread names, and says the thread narrowed them', async () => {
    const { assistant } = setup({}, three);
    const reply = await assistant.ask({
      thread,
      userId: 'u1',
      text: 'How do I reset my password?',
      history: [{ role: 'user', text: 'Both my VPN and my Okta sign-in stopped working today.' }],
    });
    expect(reply.kind).toBe('clarify');
    if (reply.kind !== 'clarify') return;
    expect(reply.options.map((option) => option.interpretation)).toEqual([
      'How do I reset my password — VPN?',
      'How do I reset my password — Okta?',
    ]);
    expect(reply.prompt).toMatch(/this thread mentions these 2/);
    const settle = reply.trace.stages.find((stage) => stage.name === 'settle-by-thread');
    expect(settle?.detail.narrowedTo).toHaveLength(2);
  });

  it('answers the one reading the thread names', async () => {
    const { assistant } = setup({}, three);
    const reply = await assistant.ask({
      thread,
      userId: 'u1',
      text: 'How do I reset my password?',
      history: [{ role: 'user', text: 'Jira keeps rejecting my login.' }],
    });
    expect(reply.kind).toBe('answer');
    if (reply.kind === 'answer') expect(reply.citations[0]?.documentId).toBe('it/jira.md');
  });
});

describe('createAssistant', () => {
  it('asks which meaning when the documents disagree, then answers the chosen one', async () => {
    const { assistant, stores } = setup();
    const reply = await assistant.ask({
      thread,
      userId: 'u1',
      text: 'How do I reset my password?',
    });
    expect(reply.kind).toBe('clarify');
    if (reply.kind !== 'clarify') return;
    expect(reply.clarificationId).toBe('c-1');
    expect(
      reply.options.map((option) => [
        option.id,
        option.interpretation,
        option.citations[0]?.documentId,
      ]),
    ).toEqual([
      ['1', 'How do I reset my password — VPN?', 'it/vpn.md'],
      ['2', 'How do I reset my password — Okta?', 'it/okta.md'],
    ]);
    expect(reply.trace.stages.map((stage) => stage.name)).toEqual([
      'thread-context',
      'history-gate',
      'retrieve',
      'extract-interpretations',
      'consolidate',
    ]);
    expect(reply.trace).toMatchObject({ llmCalls: 2, promptTokens: 300, retrievalCalls: 1 });

    const answer = await assistant.choose('c-1', '2');
    expect(answer).toMatchObject({
      kind: 'answer',
      interpretedAs: 'How do I reset my password — Okta?',
      text: 'Use Forgot password at https://id.example.com. [1]',
    });
    // The answer joins the thread with its citations: a follow-up builds on the chosen reading.
    expect(stores.turns.map((turn) => [turn.role, turn.text, turn.citations.length])).toEqual([
      ['user', 'How do I reset my password?', 0],
      ['assistant', expect.stringContaining('can mean different things'), 0],
      ['assistant', 'Use Forgot password at https://id.example.com. [1]', 1],
    ]);
    const again = await assistant.choose('c-1', '2');
    expect(again.kind).toBe('no-answer');
    expect(again.kind === 'no-answer' && again.text).toContain('already been answered');
  });

  it('answers directly when one interpretation is grounded, and says so when none is', async () => {
    const single = setup({}, [candidate(vpn, 'VPN')]);
    expect(
      await single.assistant.ask({ thread, userId: 'u1', text: 'How do I reset my VPN password?' }),
    ).toMatchObject({ kind: 'answer', citations: [{ documentId: 'it/vpn.md' }] });
    const empty = setup({}, []);
    const reply = await empty.assistant.ask({
      thread,
      userId: 'u1',
      text: 'What is the stock price target?',
    });
    expect(reply).toMatchObject({
      kind: 'no-answer',
      nearest: [{ documentId: 'it/vpn.md' }, { documentId: 'it/okta.md' }],
    });
  });

  it('rewrites a follow-up that depends on the thread and shows how it was understood', async () => {
    const { assistant, stores, rewrites } = setup({}, [candidate(vpn, 'VPN')]);
    await stores.conversations.append({
      thread,
      role: 'user',
      userId: 'u1',
      text: 'I cannot connect to the VPN from home',
      rewrittenText: null,
      citations: [],
      createdAt: new Date(),
    });
    await stores.conversations.append({
      thread,
      role: 'assistant',
      userId: null,
      text: 'Check that GlobalProtect is connected.',
      rewrittenText: null,
      citations: [],
      createdAt: new Date(),
    });
    const reply = await assistant.ask({ thread, userId: 'u1', text: 'and how do I reset it?' });
    expect(rewrites).toEqual(['and how do I reset it?']);
    expect(reply).toMatchObject({
      kind: 'answer',
      interpretedAs: 'How do I reset my VPN password?',
    });
  });

  it('reads the thread the platform passes instead of the stored turns', async () => {
    const { assistant, rewrites } = setup({}, [candidate(vpn, 'VPN')]);
    const history = [
      { role: 'user' as const, text: 'I cannot connect to the VPN from home' },
      { role: 'assistant' as const, text: 'Check that GlobalProtect is connected.' },
    ];
    const followUp = await assistant.ask({
      thread,
      userId: 'u1',
      text: 'and how do I reset it?',
      history,
    });
    expect(rewrites).toEqual(['and how do I reset it?']);
    expect(followUp).toMatchObject({
      kind: 'answer',
      interpretedAs: 'How do I reset my VPN password?',
    });
    // The same message with an empty platform thread is not a follow-up, whatever is stored.
    const fresh = await assistant.ask({
      thread,
      userId: 'u1',
      text: 'and how do I reset it?',
      history: [],
    });
    expect(rewrites).toHaveLength(1);
    expect(fresh).not.toHaveProperty('interpretedAs');
  });

  it('falls back to the offline stage with a visible note when the LLM fails', async () => {
    const failing: InterpretationExtractor = {
      extract: () =>
        Promise.reject(
          new ClarifyError('llm_failed', 'HTTP 503 after 3 attempts', { retryable: true }),
        ),
    };
    const offline: InterpretationExtractor = {
      extract: () =>
        Promise.resolve({
          candidates: [candidate(vpn, 'VPN')],
          abstained: 1,
          llmCalls: 0,
          usage: none,
        }),
    };
    const { assistant } = setup({
      extractor: failing,
      fallback: {
        rewriter: {
          rewrite: ({ message }) =>
            Promise.resolve({ text: message, rewritten: false, llmCalls: 0, usage: none }),
        },
        extractor: offline,
        answerWriter,
      },
    });
    expect(
      await assistant.ask({ thread, userId: 'u1', text: 'How do I reset my VPN password?' }),
    ).toMatchObject({ kind: 'answer', note: LLM_UNAVAILABLE_NOTE });
  });

  it('runs the configured strategy, and the fallback strategy when its model fails', async () => {
    const retriever = { search: () => Promise.resolve([vpn, okta]) };
    const rag = setup({ strategy: createRagStrategy({ retriever, topK: 20 }) });
    const direct = await rag.assistant.ask({ thread, userId: 'u1', text: 'reset my password' });
    expect(direct).toMatchObject({ kind: 'answer', citations: [{ documentId: 'it/vpn.md' }] });
    expect(direct.trace.stages.map((stage) => stage.name)).toEqual([
      'thread-context',
      'history-gate',
      'retrieve',
      'answer',
    ]);

    const failing: InterpretationStrategy = {
      name: 'rac',
      interpret: () => Promise.reject(new ClarifyError('llm_failed', 'connection refused')),
    };
    const degraded = setup({
      strategy: failing,
      fallbackStrategy: createRagStrategy({ retriever, topK: 20 }),
    });
    expect(
      await degraded.assistant.ask({ thread, userId: 'u1', text: 'reset my password' }),
    ).toMatchObject({ kind: 'answer', note: LLM_UNAVAILABLE_NOTE });

    const broken = setup({
      strategy: { name: 'rac', interpret: () => Promise.reject(new Error('bug')) },
      fallbackStrategy: createRagStrategy({ retriever, topK: 20 }),
    });
    await expect(
      broken.assistant.ask({ thread, userId: 'u1', text: 'reset my password' }),
    ).rejects.toThrow('bug');
  });

  it('previews an option from its best passage when the strategy extracted no answer', async () => {
    const strategy: InterpretationStrategy = {
      name: 'adf',
      interpret: () =>
        Promise.resolve({
          retrieved: [vpn, okta],
          interpretations: [vpn, okta].map((passage) => ({
            interpretation: `How do I reset my ${passage.title}?`,
            answer: '',
            evidence: '',
            passages: [passage],
            support: 1,
          })),
        }),
    };
    const reply = await setup({ strategy }).assistant.ask({
      thread,
      userId: 'u1',
      text: 'How do I reset my password?',
    });
    expect(reply.kind === 'clarify' && reply.options.map((option) => option.answerPreview)).toEqual(
      [
        'Reset it at https://netpass.example.com.',
        'Use Forgot password at https://id.example.com.',
      ],
    );
  });

  it('answers every option for "all" and reports expired options', async () => {
    const { assistant } = setup();
    await assistant.ask({ thread, userId: 'u1', text: 'How do I reset my password?' });
    const all = await assistant.choose('c-1', 'all');
    expect(all).toMatchObject({
      kind: 'answer',
      citations: [{ documentId: 'it/vpn.md' }, { documentId: 'it/okta.md' }],
    });

    const later = setup();
    await later.assistant.ask({ thread, userId: 'u1', text: 'How do I reset my password?' });
    later.advance(25 * 60 * 60 * 1000);
    const expired = await later.assistant.choose('c-1', '1');
    expect(expired.kind === 'no-answer' && expired.text).toContain('expired');
  });

  it('takes one choice for any number of clicks, calling onChosen once before the answer', async () => {
    const { assistant } = setup();
    await assistant.ask({ thread, userId: 'u1', text: 'How do I reset my password?' });
    const chosen: string[] = [];
    const click = (userId: string) =>
      assistant.chooseOption({
        clarificationId: 'c-1',
        optionId: '1',
        userId,
        onChosen: (option) => Promise.resolve(void chosen.push(option.label)),
      });
    const outcomes = await Promise.all([click('u1'), click('u2'), click('u1')]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([
      'answered',
      'refused',
      'refused',
    ]);
    expect(chosen).toEqual(['How do I reset my password — VPN?']);
    expect(outcomes.filter((outcome) => outcome.status === 'refused')).toEqual([
      expect.objectContaining({ reason: 'already-chosen' }),
      expect.objectContaining({ reason: 'already-chosen' }),
    ]);
  });

  it('lets only the asker choose when asked to, and names the asker', async () => {
    const { assistant } = setup();
    await assistant.ask({ thread, userId: 'u1', text: 'How do I reset my password?' });
    const other = await assistant.chooseOption({
      clarificationId: 'c-1',
      optionId: '2',
      userId: 'u2',
      onlyAsker: true,
    });
    expect(other).toMatchObject({ status: 'refused', reason: 'not-asker', askerId: 'u1' });
    const asker = await assistant.chooseOption({
      clarificationId: 'c-1',
      optionId: '2',
      userId: 'u1',
      onlyAsker: true,
    });
    expect(asker).toMatchObject({ status: 'answered', chosen: { optionId: '2' } });
  });

  it('records "none of these" so the options cannot be chosen after it', async () => {
    const { assistant } = setup();
    await assistant.ask({ thread, userId: 'u1', text: 'How do I reset my password?' });
    const none = await assistant.chooseOption({ clarificationId: 'c-1', optionId: 'none' });
    expect(none).toMatchObject({
      status: 'answered',
      chosen: { label: 'None of these' },
      reply: { kind: 'no-answer', text: expect.stringContaining('rephrase') as unknown },
    });
    const after = await assistant.chooseOption({ clarificationId: 'c-1', optionId: '1' });
    expect(after).toMatchObject({ status: 'refused', reason: 'already-chosen' });
  });

  it('refuses an empty or oversized question with a reason', async () => {
    const { assistant } = setup();
    await expect(assistant.ask({ thread, userId: 'u1', text: ' :wave:  ' })).rejects.toThrow(
      /empty/,
    );
    await expect(assistant.ask({ thread, userId: 'u1', text: 'x'.repeat(5_000) })).rejects.toThrow(
      /limited to 4000/,
    );
  });
});
