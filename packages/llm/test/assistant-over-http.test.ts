import type { Reply } from '@clarify/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QUESTION, startHarness, threadOf } from './assistant-harness';
import type { Harness } from './assistant-harness';
import { DOCUMENTS, READINGS, RETRIEVED } from './password-documents';

let harness: Harness;

beforeEach(async () => {
  harness = await startHarness();
});

afterEach(async () => {
  await harness.close();
});

function ask(text: string, threadId = 't1'): Promise<Reply> {
  return harness.assistant.ask({ thread: threadOf(threadId), userId: 'U1', text });
}

function expectKind<Kind extends Reply['kind']>(reply: Reply, kind: Kind) {
  expect(reply.kind).toBe(kind);
  return reply as Extract<Reply, { kind: Kind }>;
}

describe('the assistant on LLM stages over HTTP', () => {
  it('asks which password is meant, each option grounded in its own document', async () => {
    const reply = expectKind(await ask(QUESTION), 'clarify');

    expect(reply.note).toBeUndefined();
    const options = reply.options.map((option) => ({
      interpretation: option.interpretation,
      answer: option.answer,
      documents: option.citations.map((citation) => citation.documentId),
    }));
    expect(options).toEqual(
      (['vpn', 'okta', 'jira'] as const).map((name) => ({
        interpretation: READINGS[name].interpretation,
        answer: READINGS[name].answer,
        documents: [DOCUMENTS[name].documentId],
      })),
    );
    // One extraction call per retrieved passage, each carrying its title, headings and text.
    const prompts = harness.prompts('extract');
    expect(prompts).toHaveLength(RETRIEVED.length);
    for (const passage of RETRIEVED) {
      const mine = prompts.filter((prompt) => prompt.includes(passage.text));
      expect(mine).toHaveLength(1);
      expect(mine[0]).toContain(`${passage.title} › ${passage.headingPath[1] ?? ''}: `);
      expect(mine[0]).toContain(`Question: ${QUESTION}`);
    }
    expect(harness.prompts('answer')).toEqual([]);
    expect(reply.trace.llmCalls).toBe(RETRIEVED.length);
  });

  it('answers the chosen option from its passages only, citing its document', async () => {
    const clarify = expectKind(await ask(QUESTION), 'clarify');
    const okta = clarify.options.find(
      (option) => option.interpretation === READINGS.okta.interpretation,
    );

    const reply = expectKind(
      await harness.assistant.choose(clarify.clarificationId, okta?.id ?? '?'),
      'answer',
    );

    expect(reply.text).toBe(
      'Open https://id.example.com, click Forgot password and follow the link sent by SMS [1].',
    );
    expect(reply.citations.map((citation) => citation.documentId)).toEqual([
      DOCUMENTS.okta.documentId,
    ]);
    expect(reply.interpretedAs).toBe(READINGS.okta.interpretation);
    const [prompt, ...others] = harness.prompts('answer');
    expect(others).toEqual([]);
    expect(prompt).toContain(`Interpretation to answer: ${READINGS.okta.interpretation}`);
    expect(prompt).toContain(DOCUMENTS.okta.text);
    expect(prompt).not.toContain(DOCUMENTS.vpn.text);
    // A second click on the same clarification is not answered twice.
    const again = await harness.assistant.choose(clarify.clarificationId, okta?.id ?? '?');
    expect(again.kind).toBe('no-answer');
    expect(harness.prompts('answer')).toHaveLength(1);
  });

  it('answers all readings in one reply, one cited section each', async () => {
    const clarify = expectKind(await ask(QUESTION), 'clarify');

    const reply = expectKind(
      await harness.assistant.choose(clarify.clarificationId, 'all'),
      'answer',
    );

    expect(harness.prompts('answer')).toHaveLength(3);
    const sections = reply.text.split('\n\n');
    expect(sections).toHaveLength(3);
    for (const [index, name] of (['vpn', 'okta', 'jira'] as const).entries()) {
      expect(sections[index]).toMatch(/^\*\*.+:\*\* /);
      expect(sections[index]).toContain(
        `${READINGS[name].answer.replace(/\.$/, '')} [${index + 1}].`,
      );
    }
    expect(reply.citations.map((citation) => citation.documentId)).toEqual(
      (['vpn', 'okta', 'jira'] as const).map((name) => DOCUMENTS[name].documentId),
    );
    expect(reply.note).toBeUndefined();
  });

  it('rewrites a follow-up from the thread and says how it understood it', async () => {
    harness.answering = new Set(['vpn']);
    const first = expectKind(await ask('How do I reset my VPN password?'), 'answer');
    expect(first.citations[0]?.documentId).toBe(DOCUMENTS.vpn.documentId);
    expect(harness.prompts('rewrite')).toEqual([]);

    harness.answering = new Set(['okta']);
    harness.rewriteTo = 'How do I reset my Okta password?';
    const reply = expectKind(await ask('and what about the same for Okta?'), 'answer');

    expect(reply.interpretedAs).toBe('How do I reset my Okta password?');
    expect(reply.citations.map((citation) => citation.documentId)).toEqual([
      DOCUMENTS.okta.documentId,
    ]);
    const [rewrite, ...moreRewrites] = harness.prompts('rewrite');
    expect(moreRewrites).toEqual([]);
    expect(rewrite).toContain('User: How do I reset my VPN password?');
    expect(rewrite).toContain('Cited: Resetting Your VPN Password');
    expect(rewrite).toContain('Latest message: and what about the same for Okta?');
    // The extraction calls of the follow-up ask the rewritten question.
    expect(harness.prompts('extract').slice(RETRIEVED.length)).toSatisfy((prompts: string[]) =>
      prompts.every((prompt) => prompt.includes('Question: How do I reset my Okta password?')),
    );
  });

  it('says the knowledge base does not have it when every passage abstains', async () => {
    harness.answering = new Set();

    const reply = expectKind(await ask('How do I reset my payroll PIN?'), 'no-answer');

    expect(reply.note).toBeUndefined();
    expect(reply.nearest.map((citation) => citation.documentId)).toEqual(
      RETRIEVED.slice(0, 3).map((passage) => passage.documentId),
    );
    // No passage mentions a payroll PIN: the lexical screen spares the model every call.
    expect(harness.prompts('extract')).toEqual([]);
    expect(harness.prompts('answer')).toEqual([]);
  });

  it('abstains on the passages the model finds no answer in', async () => {
    harness.answering = new Set();

    const reply = expectKind(await ask(QUESTION), 'no-answer');

    expect(reply.note).toBeUndefined();
    expect(harness.prompts('extract').length).toBeGreaterThan(1);
    expect(harness.prompts('answer')).toEqual([]);
  });
});
