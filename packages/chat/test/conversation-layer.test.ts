import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClarifyError } from '@clarify/core';
import { createConfiguredAssistant, OFFLINE_PIPELINE, type KnowledgeBase } from '@clarify/runtime';
import {
  createMemoryAuditLog,
  createMemoryEventLog,
  createMemoryFeedbackStore,
} from '@clarify/testing';
import {
  createConversationLayer,
  DATABASE_DOWN_TEXT,
  EMPTY_QUESTION_TEXT,
  FEEDBACK_THANKS,
  knowledgeBaseAdmin,
  type ChatAssistant,
  type Conversation,
  type ReplyView,
} from '../src';
import {
  createMemoryQuestionLog,
  createRecordingPlatform,
  openSampleKnowledgeBase,
  type RecordedMessage,
  type RecordingPlatform,
} from '../src/testing';

let kb: KnowledgeBase;
let remove: () => Promise<void>;
beforeAll(async () => {
  ({ kb, remove } = await openSampleKnowledgeBase());
}, 120_000);
afterAll(() => remove());

const silent = {
  child: () => silent,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

const conversation = (threadId: string): Conversation => ({
  workspaceId: 'W1',
  channelId: 'C1',
  threadId,
  isDirect: false,
});

async function start(
  options: { concurrency?: number; choiceBy?: 'anyone' | 'asker'; assistant?: ChatAssistant } = {},
) {
  const platform = createRecordingPlatform();
  const stores = {
    events: createMemoryEventLog(),
    feedback: createMemoryFeedbackStore(),
    audit: createMemoryAuditLog(),
    conversations: kb.conversations,
    questions: createMemoryQuestionLog(),
  };
  const layer = await createConversationLayer({
    platform,
    renderer: platform.renderer,
    assistant: options.assistant ?? createConfiguredAssistant(OFFLINE_PIPELINE, kb).assistant,
    stores,
    admin: knowledgeBaseAdmin(kb),
    config: {
      adminUserIds: ['UADMIN'],
      channelSources: {},
      defaultSources: undefined,
      choiceBy: options.choiceBy ?? 'anyone',
      concurrency: options.concurrency ?? 4,
    },
    logger: silent,
  });
  let asked = 0;
  const ask = (text: string, threadId = `t${Date.now()}-${(asked += 1)}`, userId = 'U1') =>
    layer.answer({
      conversation: conversation(threadId),
      userId,
      text,
      messageId: `q-${threadId}-${asked}`,
      eventKey: `q-${threadId}-${asked}`,
      inThread: false,
    });
  return { platform, stores, layer, ask };
}

function reply(platform: RecordingPlatform, id: string): ReplyView {
  const message = platform.messages().get(id);
  if (message?.kind !== 'reply') throw new Error(`message ${id} is ${JSON.stringify(message)}`);
  return message.view;
}

/** The message the first placeholder became. */
function firstReply(platform: RecordingPlatform): { id: string; view: ReplyView } {
  const placeholder = platform.calls.find(
    (call) => call.call === 'post' && call.message.kind === 'working',
  );
  if (placeholder?.call !== 'post') throw new Error('no placeholder');
  return { id: placeholder.id, view: reply(platform, placeholder.id) };
}

describe('the conversation layer', () => {
  it('shows the working state, then the options with citations; a click answers once', async () => {
    const { platform, layer, ask } = await start();
    await ask('How do I reset my password?', 'pw');
    const { id, view } = firstReply(platform);
    expect(view.kind).toBe('clarify');
    if (view.kind !== 'clarify') return;
    expect(view.options.length).toBeGreaterThanOrEqual(2);
    for (const option of view.options) {
      expect(option.citations.length).toBeGreaterThan(0);
      expect(option.value).toMatch(/^c1:/);
    }
    const click = (userId: string) =>
      layer.choose({
        conversation: conversation('pw'),
        userId,
        message: { messageId: id },
        value: view.options[0]?.value ?? '',
      });
    await Promise.all([click('U1'), click('U2')]);

    const chosen = platform.messages().get(id);
    expect(chosen).toEqual({
      kind: 'chosen',
      chosen: expect.objectContaining({
        optionId: '1',
        label: view.options[0]?.interpretation,
      }) as unknown,
    });
    const answering = platform.calls.find(
      (call) => call.call === 'post' && call.message.kind === 'working' && call.id !== id,
    );
    expect(answering?.call === 'post' && answering.message).toEqual({
      kind: 'working',
      text: `Answering “${view.options[0]?.interpretation}”…`,
    });
    const answer = reply(platform, answering?.call === 'post' ? answering.id : '');
    expect(answer).toMatchObject({
      kind: 'answer',
      feedback: expect.stringMatching(/^f1:/) as unknown,
    });
    expect(answer.kind === 'answer' && answer.citations.length).toBeGreaterThan(0);
    expect(platform.calls.filter((call) => call.call === 'tell')).toEqual([
      expect.objectContaining({
        userId: 'U2',
        text: expect.stringContaining('already') as unknown,
      }),
    ]);
  });

  it('names the asker when only the asker may choose', async () => {
    const { platform, layer, ask } = await start({ choiceBy: 'asker' });
    await ask('How do I reset my password?', 'asker');
    const { view } = firstReply(platform);
    if (view.kind !== 'clarify') throw new Error('expected options');
    await layer.choose({
      conversation: conversation('asker'),
      userId: 'U2',
      message: { messageId: 'x' },
      value: view.options[0]?.value ?? '',
    });
    expect(platform.calls.at(-1)).toMatchObject({
      call: 'tell',
      text: expect.stringContaining('Only @U1 can choose') as unknown,
    });
  });

  it('answers a redelivered event once, and an empty message with a hint', async () => {
    const { platform, layer } = await start();
    const question = {
      conversation: conversation('dup'),
      userId: 'U1',
      text: 'What is a PIP?',
      messageId: 'dup-1',
      eventKey: 'dup-1',
      inThread: false,
    };
    await Promise.all([layer.answer(question), layer.answer(question), layer.answer(question)]);
    expect(platform.calls.filter((call) => call.call === 'post')).toHaveLength(1);
    await layer.answer({ ...question, text: '', eventKey: 'empty', messageId: 'empty' });
    expect(platform.calls.at(-1)).toMatchObject({
      call: 'post',
      message: { kind: 'notice', text: EMPTY_QUESTION_TEXT },
    });
  });

  it('replaces the placeholder with the reason when answering fails', async () => {
    const failing: ChatAssistant = {
      ask: () => Promise.reject(new ClarifyError('database_unavailable', 'gone')),
      chooseOption: () => Promise.reject(new Error('unused')),
    };
    const { platform, ask } = await start({ assistant: failing });
    await ask('How many vacation days do I get?');
    const [placeholder, failure] = platform.calls;
    expect(placeholder).toMatchObject({ call: 'post', message: { kind: 'working' } });
    expect(failure).toMatchObject({
      call: 'update',
      id: placeholder?.call === 'post' ? placeholder.id : '',
      message: { kind: 'notice', tone: 'warning', text: DATABASE_DOWN_TEXT },
    });
  });

  it('shows how many questions are ahead under load, and answers all of them', async () => {
    const { platform, ask } = await start({ concurrency: 1 });
    await Promise.all(
      ['What is a PIP?', 'How do I reset my password?', 'How many vacation days do I get?'].map(
        (text) => ask(text),
      ),
    );
    const working = platform.calls
      .filter((call) => call.call === 'post' && call.message.kind === 'working')
      .map((call) =>
        call.call === 'post' && call.message.kind === 'working' ? call.message.text : '',
      );
    expect(working).toEqual([
      'Looking through the documents…',
      'Looking through the documents… (1 question ahead of yours)',
      'Looking through the documents… (2 questions ahead of yours)',
    ]);
    const kinds = [...platform.messages().values()].map((message: RecordedMessage) => message.kind);
    expect(kinds).toEqual(['reply', 'reply', 'reply']);
  });

  it('lets requests being acknowledged go first: no work starts until they are answered', async () => {
    const { platform, layer, ask } = await start();
    const answered = layer.receiving();
    const asking = ask('What is a PIP?');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(platform.calls).toEqual([]);
    answered();
    await asking;
    expect(platform.calls[0]).toMatchObject({ call: 'post', message: { kind: 'working' } });
    expect([...platform.messages().values()].map((message) => message.kind)).toEqual(['reply']);
  });

  it('starts the work after half a second however many requests keep arriving', async () => {
    const { platform, layer, ask } = await start();
    layer.receiving(); // never answered
    const started = performance.now();
    await ask('What is a PIP?');
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
    expect([...platform.messages().values()].map((message) => message.kind)).toEqual(['reply']);
  });

  it('answers a follow-up without a mention only in a thread the bot answered in', async () => {
    const { platform, layer, ask } = await start();
    const followUp = (threadId: string) =>
      layer.answerFollowUp({
        conversation: conversation(threadId),
        userId: 'U1',
        text: 'What about Rotterdam?',
        messageId: `f-${threadId}`,
        eventKey: `f-${threadId}`,
        inThread: true,
      });
    await followUp('strangers');
    expect(platform.calls).toEqual([]);
    await ask('How many vacation days do I get?', 'vacation');
    const before = platform.calls.length;
    await followUp('vacation');
    expect(platform.calls.length).toBeGreaterThan(before);
  });

  it('records a vote and thanks the voter; a forged value gets a notice', async () => {
    const { platform, stores, layer } = await start();
    const vote = (value: string) =>
      layer.feedback({
        conversation: conversation('fb'),
        userId: 'U1',
        messageId: 'm-answer',
        value,
        rating: 'down',
      });
    await vote('f1:answer-1');
    await vote('<script>');
    expect(await stores.feedback.list()).toMatchObject([{ answerId: 'answer-1', rating: 'down' }]);
    expect(platform.calls.map((call) => call.call === 'tell' && call.text)).toEqual([
      FEEDBACK_THANKS,
      'This button is no longer valid.',
    ]);
  });

  it('runs admin commands for admins only, and audits both', async () => {
    const { platform, stores, layer } = await start();
    platform.admins.add('UOWNER');
    const run = async (userId: string, text: string) => {
      const said: string[] = [];
      await layer.admin({ workspaceId: 'W1', userId, text, prefix: '@Clarify' }, (line) =>
        Promise.resolve(void said.push(line)),
      );
      return said;
    };
    expect(await run('U1', 'reindex')).toEqual([expect.stringContaining('only Clarify admins')]);
    expect((await run('UADMIN', 'sources')).join('\n')).toMatch(/\*\*sample-kb\*\* \(files\)/);
    expect((await run('UOWNER', 'status')).join('\n')).toMatch(/\*\*Index status\.\*\*/);
    expect(await run('UADMIN', 'help')).toEqual([
      expect.stringContaining('`@Clarify reindex [source]`'),
    ]);
    expect(
      (await stores.audit.recent(10)).map((entry) => [
        entry.actorUserId,
        entry.action,
        entry.outcome,
      ]),
    ).toEqual([
      ['UADMIN', 'help', 'ok'],
      ['UOWNER', 'status', 'ok'],
      ['UADMIN', 'sources', 'ok'],
      ['U1', 'reindex', 'refused'],
    ]);
  });
});
