import { describe, expect, it } from 'vitest';
import { ClarifyError, type QuestionLog, type QuestionRecord } from '@clarify/core';
import { createConfiguredAssistant, OFFLINE_PIPELINE, type KnowledgeBase } from '@clarify/runtime';
import {
  createMemoryAuditLog,
  createMemoryEventLog,
  createMemoryFeedbackStore,
} from '@clarify/testing';
import {
  createConversationLayer,
  DATABASE_DOWN_TEXT,
  knowledgeBaseAdmin,
  type ChatAssistant,
  type Logger,
} from '../src';
import {
  createMemoryQuestionLog,
  createRecordingPlatform,
  useSampleKnowledgeBase,
  type RecordingPlatform,
} from '../src/testing';

let kb: KnowledgeBase;
useSampleKnowledgeBase((opened) => (kb = opened));

const ASKED_AT = Date.parse('2026-03-02T10:00:00.000Z');
/** How long the fake clock says each answer takes. */
const ANSWER_MS = 1500;

/** An error as pino's serializer writes it: its message and cause included. */
function serialize(_key: string, value: unknown): unknown {
  if (!(value instanceof Error)) return value;
  return { ...value, name: value.name, message: value.message, cause: value.cause };
}

/** Every line logged as JSON, with the bindings of the child logger that wrote it. */
function capturingLogger(lines: string[], bindings: Record<string, unknown> = {}): Logger {
  const write = (level: string) => (object: object | string, message?: string) =>
    void lines.push(JSON.stringify({ level, ...bindings, object, message }, serialize));
  return {
    child: (more) => capturingLogger(lines, { ...bindings, ...more }),
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
  };
}

async function start(
  options: {
    assistant?: ChatAssistant;
    /** The log to use instead of an in-memory one, given the platform. */
    questions?: (platform: RecordingPlatform) => QuestionLog;
  } = {},
) {
  const platform = createRecordingPlatform();
  const logs: string[] = [];
  let now = ASKED_AT;
  const real = options.assistant ?? createConfiguredAssistant(OFFLINE_PIPELINE, kb).assistant;
  // The clock moves only while core answers, so each question takes ANSWER_MS.
  const assistant: ChatAssistant = {
    ask: async (request) => {
      try {
        return await real.ask(request);
      } finally {
        now += ANSWER_MS;
      }
    },
    chooseOption: (request) => real.chooseOption(request),
  };
  const questions = createMemoryQuestionLog();
  const layer = await createConversationLayer({
    platform,
    renderer: platform.renderer,
    assistant,
    stores: {
      events: createMemoryEventLog(),
      feedback: createMemoryFeedbackStore(),
      audit: createMemoryAuditLog(),
      conversations: kb.conversations,
      questions: options.questions?.(platform) ?? questions,
    },
    admin: knowledgeBaseAdmin(kb),
    config: {
      adminUserIds: [],
      channelSources: {},
      defaultSources: undefined,
      choiceBy: 'anyone',
      concurrency: 4,
    },
    logger: capturingLogger(logs),
    clock: () => new Date(now),
  });
  let asked = 0;
  const ask = (text: string, thread: { id?: string; inThread?: boolean } = {}) => {
    asked += 1;
    return layer.answer({
      conversation: {
        workspaceId: 'W1',
        channelId: 'C1',
        threadId: thread.id ?? `t${asked}`,
        isDirect: false,
      },
      userId: 'U1',
      text,
      messageId: `m${asked}`,
      eventKey: `e${asked}`,
      inThread: thread.inThread ?? false,
    });
  };
  return { platform, questions, logs, ask, asked: () => new Date(now) };
}

function record(text: string, overrides: Partial<QuestionRecord>): QuestionRecord {
  return {
    platform: 'test',
    workspaceId: 'W1',
    channelId: 'C1',
    threadId: 't1',
    userId: 'U1',
    text,
    interpretedAs: null,
    decision: 'answer',
    totalMs: ANSWER_MS,
    createdAt: new Date(ASKED_AT),
    ...overrides,
  };
}

/** The kinds of the messages the placeholders became. */
function shownKinds(platform: RecordingPlatform): string[] {
  return [...platform.messages().values()].map((message) =>
    message.kind === 'reply' ? message.view.kind : message.kind,
  );
}

describe('the question log', () => {
  it('records each question once, after its reply, with the decision and the time taken', async () => {
    const seen: number[] = [];
    const log = createMemoryQuestionLog();
    const { platform, ask } = await start({
      // How many placeholders had been replaced when each question was recorded.
      questions: (recording) => ({
        record: (entry) => {
          seen.push(recording.calls.filter((call) => call.call === 'update').length);
          return log.record(entry);
        },
        answered: (entry) => log.answered(entry),
      }),
    });

    await ask('How many vacation days do Rotterdam employees get?');
    await ask('How do I reset my password?');
    await ask('Which stadium does the company football team play in?');
    await ask('');

    expect(shownKinds(platform)).toEqual(['answer', 'clarify', 'no-answer', 'notice']);
    const at = (questionsBefore: number) => new Date(ASKED_AT + questionsBefore * ANSWER_MS);
    expect(log.records).toEqual([
      record('How many vacation days do Rotterdam employees get?', { createdAt: at(0) }),
      record('How do I reset my password?', {
        threadId: 't2',
        decision: 'clarify',
        createdAt: at(1),
      }),
      record('Which stadium does the company football team play in?', {
        threadId: 't3',
        decision: 'no-answer',
        createdAt: at(2),
      }),
    ]);
    // Each was recorded once its reply had replaced its placeholder.
    expect(seen).toEqual([1, 2, 3]);
  });

  it('keeps the standalone question when the thread settled a follow-up', async () => {
    const { questions, ask } = await start();
    await ask('How many vacation days do Rotterdam employees get?', { id: 'vacation' });
    await ask('What about Boston?', { id: 'vacation', inThread: true });

    const followUp = questions.records[1];
    expect(followUp).toMatchObject({ text: 'What about Boston?', decision: 'answer' });
    expect(followUp?.interpretedAs).toMatch(/Boston/);
    expect(followUp?.interpretedAs).not.toBe('What about Boston?');
  });

  it("records 'failed' when answering fails, and the user still gets the reason", async () => {
    const failing: ChatAssistant = {
      ask: () => Promise.reject(new ClarifyError('database_unavailable', 'gone')),
      chooseOption: () => Promise.reject(new Error('unused')),
    };
    const { platform, questions, ask } = await start({ assistant: failing });
    await ask('How many vacation days do I get?');

    expect([...platform.messages().values()]).toEqual([
      { kind: 'notice', tone: 'warning', text: DATABASE_DOWN_TEXT },
    ]);
    expect(questions.records).toEqual([
      record('How many vacation days do I get?', { decision: 'failed' }),
    ]);
  });

  it('answers when recording fails, and logs the failure at warn without the question', async () => {
    const text = 'How many vacation days do Rotterdam employees get?';
    const broken: QuestionLog = {
      record: () =>
        Promise.reject(
          Object.assign(new Error(`Failed query: insert into "question_log"\nparams: ${text}`), {
            name: 'DrizzleQueryError',
            cause: Object.assign(new Error(`violates a check on ${text}`), { code: '23514' }),
          }),
        ),
      answered: () => Promise.reject(new Error('the database is down')),
    };
    const { platform, logs, ask } = await start({ questions: () => broken });
    await ask(text);

    expect(shownKinds(platform)).toEqual(['answer']);
    const warnings = logs.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(warnings.filter((line) => line.level === 'warn')).toEqual([
      expect.objectContaining({
        message: 'could not remember what an answer answered',
        object: { error: 'Error' },
      }),
      expect.objectContaining({
        message: 'could not record the question',
        object: { error: { name: 'DrizzleQueryError', code: '23514' } },
      }),
    ]);
    expect(logs.filter((line) => line.includes('Rotterdam'))).toEqual([]);
  });
});
