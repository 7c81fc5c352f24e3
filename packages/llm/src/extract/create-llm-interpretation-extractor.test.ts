import { isClarifyError } from '@clarify/core';
import type { ChatModel, ChatUsage, Passage } from '@clarify/core';
import { startScriptedOpenAiServer } from '@clarify/testing';
import type { ScriptedOpenAiServer } from '@clarify/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { okta, vpn, vpnFaq } from '../answer/answer-fixtures.test-helper';
import { createOpenAiChatModel } from '../chat/create-openai-chat-model';
import { createLlmInterpretationExtractor } from './create-llm-interpretation-extractor';
import type { LlmInterpretationExtractorOptions } from './create-llm-interpretation-extractor';

const QUESTION = 'How do I reset my password?';
const PASSAGES = [vpn, vpnFaq, okta];
const ABSTAIN = { answerable: false, interpretation: null, answer: null, evidence: null };
/** Text only the prompt of each passage holds, to script one of the parallel calls. */
const ONLY = {
  vpn: 'GlobalProtect is the company VPN client',
  vpnFaq: 'VPN FAQ › Passwords',
  okta: 'Okta SSO Password Reset',
};
const VPN_READING = {
  answerable: true,
  interpretation: 'How do I reset my VPN (GlobalProtect) password?',
  answer: 'Go to https://netpass.example.com and choose Reset password.',
  evidence: 'go to https://netpass.example.com   and choose RESET password',
};
const OKTA_READING = {
  answerable: true,
  interpretation: 'How do I reset my Okta SSO password?',
  answer: 'Click Forgot password at https://id.example.com.',
  evidence: 'Click Forgot password on the login page',
};

let server: ScriptedOpenAiServer;
let usages: ChatUsage[];
let inFlight: number;
let mostInFlight: number;

beforeEach(async () => {
  // Passages nobody scripted abstain.
  server = await startScriptedOpenAiServer({ chatReply: () => ABSTAIN });
  usages = [];
  inFlight = 0;
  mostInFlight = 0;
});

afterEach(async () => {
  await server.close();
});

/** The real chat model over HTTP, wrapped to record each call's usage and the calls in flight. */
function createExtractor(options: Partial<LlmInterpretationExtractorOptions> = {}) {
  const model = createOpenAiChatModel({
    baseUrl: server.url,
    apiKey: 'sk-test',
    model: 'gpt-test',
    maxRetries: 0,
  });
  const recording: ChatModel = {
    ...model,
    async completeStructured(request) {
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      try {
        const completion = await model.completeStructured(request);
        usages.push(completion.usage);
        return completion;
      } finally {
        inFlight -= 1;
      }
    },
  };
  return createLlmInterpretationExtractor({ chatModel: recording, ...options });
}

function candidateOf(reading: typeof VPN_READING, passage: Passage) {
  const { answerable: _answerable, ...candidate } = reading;
  return { ...candidate, passage };
}

function userPromptOf(index: number): string {
  const body = server.requests[index]?.body as { messages: { role: string; content: string }[] };
  return body.messages.find((message) => message.role === 'user')?.content ?? '';
}

describe('createLlmInterpretationExtractor', () => {
  it('makes one structured call per passage, carrying the question and that passage', async () => {
    await createExtractor().extract({ question: QUESTION, passages: PASSAGES });

    expect(server.requests).toHaveLength(3);
    const prompts = server.requests.map((_, index) => userPromptOf(index));
    for (const passage of PASSAGES) {
      const mine = prompts.filter((prompt) => prompt.includes(passage.text.split('\n')[0] ?? ''));
      expect(mine).toHaveLength(1);
      expect(mine[0]).toContain(`Question: ${QUESTION}`);
      expect(mine[0]).toContain(`[1] ${passage.headingPath.join(' › ')}: ${passage.text}`);
    }
    const body = server.requests[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      max_tokens: 300,
      temperature: 0,
      response_format: { type: 'json_schema', json_schema: { name: 'passage_interpretation' } },
    });
    const system = (body['messages'] as { content: string }[])[0]?.content ?? '';
    expect(system).toContain("Which reading of an employee's question does this passage");
    expect(system).toContain('verbatim');
  });

  it('keeps the readings of answering passages in passage order, with evidence grounded', async () => {
    server.script({ ifContains: ONLY.okta, reply: OKTA_READING });
    server.script({ ifContains: ONLY.vpn, reply: VPN_READING });

    const result = await createExtractor().extract({ question: QUESTION, passages: PASSAGES });

    expect(result.candidates).toEqual([
      // Found in the passage despite case and spacing: kept as the model wrote it.
      candidateOf(VPN_READING, vpn),
      // "on the login page" is not in the passage: the answer stands in for the evidence.
      { ...candidateOf(OKTA_READING, okta), evidence: OKTA_READING.answer },
    ]);
    expect(result.abstained).toBe(1);
    expect(result.llmCalls).toBe(3);
    expect(result.usage).toEqual({
      promptTokens: usages.reduce((sum, usage) => sum + usage.promptTokens, 0),
      completionTokens: usages.reduce((sum, usage) => sum + usage.completionTokens, 0),
    });
    expect(result.usage.promptTokens).toBeGreaterThan(0);
  });

  it('retries malformed output once, then counts the passage as abstaining', async () => {
    server.script({ ifContains: ONLY.vpnFaq, reply: '{"answerable": tru', times: 2 });
    server.script({ ifContains: ONLY.okta, reply: { ...OKTA_READING, answer: null } });
    server.script({ ifContains: ONLY.okta, reply: OKTA_READING });

    const result = await createExtractor().extract({ question: QUESTION, passages: PASSAGES });

    expect(result.candidates.map((candidate) => candidate.passage)).toEqual([okta]);
    expect(result).toMatchObject({ abstained: 2, llmCalls: 5 });
    const corrections = server.requests.filter((request) =>
      JSON.stringify(request.body).includes('Your previous reply could not be used'),
    );
    expect(corrections).toHaveLength(2);
    expect(JSON.stringify(corrections.map((request) => request.body))).toContain(
      '\\"answer\\" must be a non-empty string',
    );
  });

  it('abstains for a passage whose call times out or fails, and only for it', async () => {
    server.script({ ifContains: ONLY.vpn, delayMs: 60_000 });
    server.script({ ifContains: ONLY.vpnFaq, status: 500 });
    server.script({ ifContains: ONLY.okta, reply: OKTA_READING });

    const result = await createExtractor({ timeoutMs: 500 }).extract({
      question: QUESTION,
      passages: PASSAGES,
    });

    expect(result.candidates.map((candidate) => candidate.passage)).toEqual([okta]);
    expect(result).toMatchObject({ abstained: 2, llmCalls: 3 });
  });

  it('throws llm_failed when every call failed, so the offline extractor can take over', async () => {
    server.script({ status: 503, times: 3 });

    const failure = await createExtractor()
      .extract({ question: QUESTION, passages: PASSAGES })
      .catch((error: unknown) => error);

    expect(isClarifyError(failure, 'llm_failed')).toBe(true);
    expect((failure as Error).message).toMatch(/HTTP 503/);
  });

  it('names the timeout when every call timed out', async () => {
    server.script({ delayMs: 60_000, times: 3 });
    await expect(
      createExtractor({ timeoutMs: 200 }).extract({ question: QUESTION, passages: PASSAGES }),
    ).rejects.toThrow(/extract-interpretation" timed out after 200 ms/);
  });

  it('stops when the caller cancels instead of abstaining', async () => {
    server.script({ delayMs: 60_000, times: 3 });
    const controller = new AbortController();
    const extraction = createExtractor().extract({
      question: QUESTION,
      passages: PASSAGES,
      signal: controller.signal,
    });
    await expect.poll(() => server.requests.length).toBe(3);
    controller.abort(new Error('the user left'));
    await expect(extraction).rejects.toThrow('the user left');
  });

  it('reads at most `concurrency` passages at once and makes no call without passages', async () => {
    server.script({ delayMs: 50, times: 3 });
    await createExtractor({ concurrency: 2 }).extract({ question: QUESTION, passages: PASSAGES });
    expect(mostInFlight).toBe(2);
    expect(server.requests).toHaveLength(3);

    const empty = await createExtractor().extract({ question: QUESTION, passages: [] });
    expect(empty).toEqual({
      candidates: [],
      abstained: 0,
      llmCalls: 0,
      usage: { promptTokens: 0, completionTokens: 0 },
    });
    expect(server.requests).toHaveLength(3);
  });

  it('refuses settings that would never run or never wait', () => {
    for (const bad of [{ concurrency: 0 }, { timeoutMs: -1 }, { maxTokens: 1.5 }]) {
      expect(() => createExtractor(bad)).toThrow(/must be a positive integer/);
    }
  });
});
