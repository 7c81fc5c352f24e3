import { LLM_UNAVAILABLE_NOTE } from '@clarify/core';
import type { Reply } from '@clarify/core';
import { afterEach, describe, expect, it } from 'vitest';
import { extractionOf, QUESTION, startHarness, threadOf } from './assistant-harness';
import type { Harness } from './assistant-harness';
import { DOCUMENTS, READINGS } from './password-documents';

/** Every request the scripted server answers with a fault, however many the pipeline makes. */
const ALWAYS = 1_000;
const HUNG = { delayMs: 60_000 };

let harness: Harness | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function start(options: Parameters<typeof startHarness>[0] = {}): Promise<Harness> {
  harness = await startHarness(options);
  return harness;
}

function ask(current: Harness, text = QUESTION, threadId = 't1'): Promise<Reply> {
  return current.assistant.ask({ thread: threadOf(threadId), userId: 'U1', text });
}

function optionsOf(reply: Reply): string[] {
  return reply.kind === 'clarify' ? reply.options.map((option) => option.interpretation) : [];
}

describe('the assistant over HTTP when the model misbehaves (RELIABILITY LF-1, LF-3)', () => {
  it('waits out a 429 as Retry-After says and still asks with every option', async () => {
    const current = await start();
    current.server.script({
      ifContains: extractionOf('okta'),
      status: 429,
      retryAfterSeconds: 0.2,
    });

    const reply = await ask(current);

    expect(optionsOf(reply)).toEqual(
      (['vpn', 'okta', 'jira'] as const).map((name) => READINGS[name].interpretation),
    );
    expect(reply.note).toBeUndefined();
    const okta = current.server.requests.filter((request) =>
      JSON.stringify(request.body).includes(DOCUMENTS.okta.text),
    );
    expect(okta).toHaveLength(2);
    const [first, retry] = okta.map((request) => request.receivedAt);
    expect((retry ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(190);
  });

  it('drops only the passage whose call hangs past its timeout', async () => {
    const current = await start({ extractionTimeoutMs: 500 });
    current.server.script({ ifContains: extractionOf('vpn'), ...HUNG });

    const reply = await ask(current);

    expect(optionsOf(reply)).toEqual(
      (['okta', 'jira'] as const).map((name) => READINGS[name].interpretation),
    );
    expect(reply.note).toBeUndefined();
  });

  it('drops passages with a malformed HTTP body or malformed output, answering from the rest', async () => {
    const current = await start();
    current.server.script(
      { ifContains: extractionOf('vpn'), malformedJson: true, times: 2 },
      {
        ifContains: extractionOf('okta'),
        reply: '{"answerable": true, "interpretation": ',
        times: 2,
      },
    );

    const reply = await ask(current);

    expect(reply.kind).toBe('answer');
    if (reply.kind !== 'answer') return;
    expect(reply.citations.map((citation) => citation.documentId)).toEqual([
      DOCUMENTS.jira.documentId,
    ]);
    expect(reply.note).toBeUndefined();
  });

  it('answers offline, with the note, when every extraction call hangs', async () => {
    const current = await start({ extractionTimeoutMs: 500 });
    current.server.script({ ifContains: QUESTION, ...HUNG, times: 5 });

    const reply = await ask(current);

    expect(reply.note).toBe(LLM_UNAVAILABLE_NOTE);
    expect(['answer', 'clarify', 'no-answer']).toContain(reply.kind);
    expect(current.prompts('extract')).toHaveLength(5);
  });

  it('answers offline, with the note, while the API answers 500 to everything', async () => {
    const current = await start({ chat: { maxRetries: 0 } });
    current.server.script({ status: 500, times: ALWAYS });

    const asked = await ask(current);
    expect(asked.note).toBe(LLM_UNAVAILABLE_NOTE);
    expect(asked.kind).toBe('clarify');
    if (asked.kind !== 'clarify') return;

    const chosen = await current.assistant.choose(asked.clarificationId, '1');
    expect(chosen.note).toBe(LLM_UNAVAILABLE_NOTE);
    expect(['answer', 'no-answer']).toContain(chosen.kind);
  });

  it('answers a chosen option offline when its answer call times out', async () => {
    const current = await start({ chat: { timeoutMs: 500, maxRetries: 0 } });
    const asked = await ask(current);
    if (asked.kind !== 'clarify') throw new Error(`expected a clarification, got ${asked.kind}`);
    current.server.script({ ifContains: 'Interpretation to answer:', ...HUNG });

    const chosen = await current.assistant.choose(asked.clarificationId, '2');

    expect(chosen).toMatchObject({ kind: 'answer', note: LLM_UNAVAILABLE_NOTE });
    if (chosen.kind !== 'answer') return;
    expect(chosen.citations.map((citation) => citation.documentId)).toEqual([
      DOCUMENTS.okta.documentId,
    ]);
    expect(current.prompts('answer')).toHaveLength(1);
  });

  it('rewrites a follow-up offline, with the note, when the rewrite call fails', async () => {
    const current = await start({ chat: { maxRetries: 0 } });
    current.answering = new Set(['vpn']);
    expect((await ask(current, 'How do I reset my VPN password?')).kind).toBe('answer');
    current.server.script({ ifContains: 'Latest message:', status: 503 });

    const reply = await ask(current, 'and what about the same for Okta?');

    expect(current.prompts('rewrite')).toHaveLength(1);
    expect(reply.note).toBe(LLM_UNAVAILABLE_NOTE);
    expect(['answer', 'clarify', 'no-answer']).toContain(reply.kind);
  });
});
