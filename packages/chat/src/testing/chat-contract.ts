import { afterEach, describe, expect, it } from 'vitest';
import { createPgClarificationStore, createPgFeedbackStore } from '@clarify/db';
import { createConfiguredAssistant, OFFLINE_PIPELINE, type KnowledgeBase } from '@clarify/runtime';
import { encodeChoice } from '../view/button-values';
import { toReplyView } from '../view/reply-view';
import { FEEDBACK_THANKS } from '../conversation/record-feedback';
import type { Reply } from '@clarify/core';
import { useSampleKnowledgeBase } from './use-sample-knowledge-base';

/** A reply as a user sees it on any platform, read back from the platform's rendering. */
export type ContractReply =
  | {
      kind: 'clarify';
      /** Each option's interpretation (markup undone) and how many sources it lists. */
      options: Array<{ interpretation: string; sources: number }>;
      answerAll: boolean;
      none: boolean;
    }
  | { kind: 'answer'; text: string; sources: number; votes: boolean }
  | { kind: 'no-answer'; text: string; sources: number };

/** One adapter, driven the way its users drive it, over the real app and a fake platform. */
export type ChatDriver = {
  /** The platform name stored with votes and audit entries ("slack", "teams"). */
  platform: string;
  /** Asks in a new thread, or in `thread`; resolves with the thread and the bot's reply. */
  ask(
    text: string,
    options?: { thread?: string },
  ): Promise<{ thread: string; reply: ContractReply }>;
  /** Clicks an option (1-based), "Answer all" or "None of these" of the thread's clarification. */
  choose(thread: string, option: number | 'all' | 'none'): Promise<ContractReply>;
  /** Clicks a button carrying `value` in the thread's clarification; what the user is told. */
  click(thread: string, value: string, user?: string): Promise<string>;
  /** 👍 or 👎 on the thread's last answer; what the voter is told. */
  vote(thread: string, rating: 'up' | 'down'): Promise<string>;
  /** An admin command as `user` types it; every text sent back. */
  admin(text: string, user: string): Promise<string[]>;
  /** The clarification id behind the thread's buttons. */
  clarificationOf(thread: string): string;
  stop(): Promise<void>;
};

export const CONTRACT_ADMIN = 'contract-admin';
export const CONTRACT_ASKER = 'contract-asker';

/**
 * The scripted conversations every chat adapter must hold to (issue 13): clarify, choose,
 * answer all, none and rephrase, expired options, feedback, a follow-up, admin commands. Each
 * reply is checked against what core decides for the same question, so Slack and Teams show the
 * same decisions, readings and number of sources.
 */
export function describeChatContract(
  name: string,
  start: (kb: KnowledgeBase, options: { admins: string[] }) => Promise<ChatDriver>,
): void {
  let kb: KnowledgeBase;
  let driver: ChatDriver;
  useSampleKnowledgeBase((opened) => (kb = opened));
  afterEach(async () => {
    await driver.stop();
  });

  /** What core itself replies to `text` in a fresh thread. */
  async function oracle(text: string) {
    const { assistant } = createConfiguredAssistant(OFFLINE_PIPELINE, kb);
    const thread = {
      platform: 'contract',
      workspaceId: 'oracle',
      channelId: 'oracle',
      threadId: globalThis.crypto.randomUUID(),
    };
    return { assistant, reply: await assistant.ask({ thread, userId: 'oracle', text }) };
  }

  const expectSameClarification = (shown: ContractReply, reply: Reply) => {
    const view = toReplyView(reply);
    if (view.kind !== 'clarify' || shown.kind !== 'clarify') {
      throw new Error(`expected a clarification, saw ${shown.kind} and core's ${view.kind}`);
    }
    expect(shown.options).toEqual(
      view.options.map((option) => ({
        interpretation: option.interpretation,
        sources: option.citations.length,
      })),
    );
    expect([shown.answerAll, shown.none]).toEqual([view.answerAll !== undefined, true]);
  };

  describe(`${name}: the conversation contract`, () => {
    it('clarifies with the readings and sources core finds, then answers the chosen one once', async () => {
      driver = await start(kb, { admins: [CONTRACT_ADMIN] });
      const question = 'How do I reset my password?';
      const { thread, reply } = await driver.ask(question);
      const expected = await oracle(question);
      expectSameClarification(reply, expected.reply);
      const answer = await driver.choose(thread, 1);
      if (expected.reply.kind !== 'clarify') throw new Error('core did not clarify');
      const chosen = await expected.assistant.choose(expected.reply.clarificationId, '1');
      expect(answer).toMatchObject({
        kind: 'answer',
        votes: true,
        sources: chosen.kind === 'answer' ? chosen.citations.length : -1,
      });
      const again = encodeChoice({
        clarificationId: driver.clarificationOf(thread),
        optionId: '2',
      });
      expect(await driver.click(thread, again, 'someone-else')).toMatch(/already been answered/);
    });

    it('answers every reading for "Answer all"', async () => {
      driver = await start(kb, { admins: [] });
      const { thread } = await driver.ask('How do I reset my password?');
      const expected = await oracle('How do I reset my password?');
      if (expected.reply.kind !== 'clarify') throw new Error('core did not clarify');
      const all = await expected.assistant.choose(expected.reply.clarificationId, 'all');
      expect(await driver.choose(thread, 'all')).toMatchObject({
        kind: 'answer',
        sources: all.kind === 'answer' ? all.citations.length : -1,
      });
    });

    it('asks for a rephrase on "None of these" and answers the rephrase in the thread', async () => {
      driver = await start(kb, { admins: [] });
      const { thread } = await driver.ask('How do I reset my password?');
      const prompt = await driver.choose(thread, 'none');
      expect(prompt).toMatchObject({
        kind: 'no-answer',
        text: expect.stringContaining('rephrase') as unknown,
      });
      const { reply } = await driver.ask('How many vacation days do Rotterdam employees get?', {
        thread,
      });
      expect(reply).toMatchObject({
        kind: 'answer',
        text: expect.stringContaining('26') as unknown,
      });
    });

    it('tells whoever clicks expired options to ask again', async () => {
      driver = await start(kb, { admins: [] });
      const { thread } = await driver.ask('How do I reset my password?');
      const store = createPgClarificationStore(kb.database.db);
      const pending = await store.get(driver.clarificationOf(thread));
      if (pending === null) throw new Error('no pending clarification');
      const id = globalThis.crypto.randomUUID();
      await store.save({ ...pending, id, expiresAt: new Date(Date.now() - 1000) });
      const value = encodeChoice({ clarificationId: id, optionId: '1' });
      expect(await driver.click(thread, value)).toMatch(/expired/);
    });

    it('records a vote on an answer, as the platform that took it', async () => {
      driver = await start(kb, { admins: [] });
      const { thread, reply } = await driver.ask(
        'How many vacation days do Rotterdam employees get?',
      );
      expect(reply).toMatchObject({ kind: 'answer', votes: true });
      expect(await driver.vote(thread, 'down')).toBe(FEEDBACK_THANKS);
      const [latest] = await createPgFeedbackStore(kb.database.db).list({ limit: 1 });
      expect(latest).toMatchObject({ platform: driver.platform, rating: 'down' });
    });

    it('settles a follow-up from the thread without asking', async () => {
      driver = await start(kb, { admins: [] });
      const { thread } = await driver.ask('How many vacation days do Rotterdam employees get?');
      const { reply } = await driver.ask('What about Boston?', { thread });
      expect(reply).toMatchObject({
        kind: 'answer',
        text: expect.stringContaining('20 days') as unknown,
      });
    });

    it('runs admin commands for admins and refuses everyone else', async () => {
      driver = await start(kb, { admins: [CONTRACT_ADMIN] });
      expect(await driver.admin('reindex', CONTRACT_ASKER)).toEqual([
        expect.stringContaining('only Clarify admins') as unknown,
      ]);
      expect((await driver.admin('status', CONTRACT_ADMIN)).join('\n')).toMatch(/Index status\./);
      expect((await driver.admin('sources', CONTRACT_ADMIN)).join('\n')).toMatch(/sample-kb/);
    });
  });
}
