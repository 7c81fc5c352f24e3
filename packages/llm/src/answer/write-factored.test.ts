import { describe, expect, it } from 'vitest';
import type {
  ChatCompletion,
  ChatModel,
  ChatRequest,
  StructuredCompletion,
  StructuredSchema,
} from '@clarify/core';
import { createLlmAnswerWriter } from './create-llm-answer-writer';
import { interpretation, okta, vpn, vpnFaq } from './answer-fixtures.test-helper';

const QUESTION = 'What do I need to know about resetting my password?';
const USAGE = { promptTokens: 50, completionTokens: 10 };

/** A chat model whose plan is scripted; answers cite [1] with the sub-question they answer. */
function plannedModel(plan: unknown) {
  const requests: ChatRequest[] = [];
  const model: ChatModel = {
    model: 'fake',
    complete(request: ChatRequest): Promise<ChatCompletion> {
      requests.push(request);
      const user = request.messages.find((message) => message.role === 'user')?.content ?? '';
      const asked = /Interpretation to answer: (.*)/.exec(user)?.[1] ?? '';
      return Promise.resolve({ text: `Answer to "${asked}" [1].`, usage: USAGE });
    },
    completeStructured<T>(request: ChatRequest & { schema: StructuredSchema<T> }) {
      requests.push(request);
      const parsed = request.schema.parse(plan);
      const result: StructuredCompletion<T> = {
        value: parsed.ok ? parsed.value : null,
        usage: USAGE,
        calls: parsed.ok ? 1 : 2,
      };
      return Promise.resolve(result);
    },
  };
  return { model, requests };
}

const broadReading = interpretation({
  interpretation: QUESTION,
  passages: [vpn, vpnFaq, okta],
});

describe('FaVe-style answers', () => {
  it('plans a broad question into sub-questions answered in parallel from their own passages', async () => {
    const { model, requests } = plannedModel({
      broad: true,
      subQuestions: ['Where do I reset my VPN password?', 'How do I reset my Okta password?'],
    });
    const answer = await createLlmAnswerWriter({ chatModel: model }).write({
      question: QUESTION,
      interpretation: broadReading,
    });
    expect(requests.map((request) => request.purpose)).toEqual([
      'plan-answer',
      'write-answer',
      'write-answer',
    ]);
    // The plan sees sections, not passage text.
    const plan = requests[0]?.messages.map((message) => message.content).join('\n') ?? '';
    expect(plan).toContain(vpn.headingPath.join(' › '));
    expect(plan).not.toContain(vpn.text);
    expect(answer.text).toBe(
      '**Where do I reset my VPN password?:** Answer to "Where do I reset my VPN password?" [1].\n\n' +
        '**How do I reset my Okta password?:** Answer to "How do I reset my Okta password?" [2].',
    );
    expect(answer).toMatchObject({ supported: true, llmCalls: 3, llmRounds: 2 });
    expect(answer.citations.map((citation) => citation.chunkId)).toEqual([
      vpn.chunkId,
      okta.chunkId,
    ]);
  });

  it('answers in one call when the plan says the question is narrow or is unusable', async () => {
    for (const plan of [{ broad: false, subQuestions: [] }, { broad: 'maybe' }]) {
      const { model, requests } = plannedModel(plan);
      const answer = await createLlmAnswerWriter({ chatModel: model }).write({
        question: QUESTION,
        interpretation: broadReading,
      });
      expect(requests.map((request) => request.purpose)).toEqual(['plan-answer', 'write-answer']);
      expect(answer).toMatchObject({ supported: true, llmRounds: 2 });
    }
  });

  it('does not plan passages of one section', async () => {
    const { model, requests } = plannedModel({ broad: true, subQuestions: ['a', 'b'] });
    await createLlmAnswerWriter({ chatModel: model }).write({
      question: QUESTION,
      interpretation: interpretation({ interpretation: QUESTION, passages: [vpn] }),
    });
    expect(requests.map((request) => request.purpose)).toEqual(['write-answer']);
  });
});
