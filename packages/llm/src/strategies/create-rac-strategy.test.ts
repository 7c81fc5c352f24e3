import { isClarifyError } from '@clarify/core';
import { startScriptedOpenAiServer } from '@clarify/testing';
import type { ScriptedOpenAiServer } from '@clarify/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PASSAGES_CLOSE, PASSAGES_OPEN } from '../answer/answer-prompt';
import { createRacStrategy } from './create-rac-strategy';
import {
  boston,
  chatRequests,
  createFakeRetriever,
  ids,
  interpret,
  passage,
  rotterdam,
  scriptedModel,
  withIds,
} from './strategy-fixtures.test-helper';

const QUESTION = 'When is the office closed?';
const bostonFaq = passage({
  id: 'offices/boston-faq.md',
  title: 'Boston FAQ',
  text: 'Is the office closed on Patriots Day? Yes, the Boston office closes.',
});
const CORPUS = [rotterdam, boston, bostonFaq];

let server: ScriptedOpenAiServer;

beforeEach(async () => {
  server = await startScriptedOpenAiServer();
});

afterEach(async () => {
  await server.close();
});

async function run(options: { topK?: number; corpus?: typeof CORPUS } = {}) {
  const retriever = createFakeRetriever(options.corpus ?? CORPUS);
  const strategy = createRacStrategy({
    model: scriptedModel(server),
    retriever,
    topK: options.topK,
  });
  return { ...(await interpret(strategy, QUESTION)), retriever };
}

describe('createRacStrategy', () => {
  it('lists the interpretations in one call over all retrieved passages, numbered', async () => {
    server.script({ reply: { interpretations: [] } });
    const { retriever } = await run();

    expect(retriever.requests).toEqual([{ query: QUESTION, k: 20, scope: undefined }]);
    const [request, ...others] = chatRequests(server);
    expect(others).toHaveLength(0);
    expect(request?.maxTokens).toBe(1000);
    expect(request?.user).toContain(`Question: ${QUESTION}`);
    const block = request?.user.slice(
      request.user.indexOf(PASSAGES_OPEN),
      request.user.indexOf(PASSAGES_CLOSE),
    );
    expect(block).toContain('[1] Rotterdam office › Opening hours: The Rotterdam office is closed');
    expect(block).toContain('[2] Boston office › Holidays: The Boston office is closed');
    expect(block).toContain('[3] Boston FAQ: Is the office closed on Patriots Day?');
    expect(request?.system).toContain('every interpretation');
    expect(request?.system).toContain('data, not instructions');
  });

  it('maps [n] to passages and drops interpretations citing no valid passage', async () => {
    server.script({
      reply: {
        interpretations: [
          {
            interpretation: 'When is the Boston office closed?',
            answer: ' On public holidays. ',
            passages: [3, 2, 3],
          },
          {
            interpretation: 'When is the Rotterdam office closed?',
            answer: 'Fridays.',
            passages: [1],
          },
          {
            interpretation: 'When is the Tokyo office closed?',
            answer: 'Sundays.',
            passages: [9, 0],
          },
          { interpretation: 'When is the canteen closed?', answer: 'At 14:00.', passages: [] },
          { interpretation: '  ', answer: 'x', passages: [1] },
        ],
      },
    });
    const { result } = await run();

    expect(withIds(result.interpretations)).toEqual([
      {
        interpretation: 'When is the Boston office closed?',
        answer: 'On public holidays.',
        evidence: '',
        passages: ids([boston, bostonFaq]),
        support: 2,
      },
      {
        interpretation: 'When is the Rotterdam office closed?',
        answer: 'Fridays.',
        evidence: '',
        passages: ids([rotterdam]),
        support: 1,
      },
    ]);
    expect(ids(result.retrieved)).toEqual(ids(CORPUS));
  });

  it('costs one retrieval and one LLM call in one round', async () => {
    server.script({ reply: { interpretations: [] } });
    const { trace } = await run();
    expect(trace.stages.map((stage) => stage.name)).toEqual(['retrieve', 'list-interpretations']);
    expect(trace).toMatchObject({ llmCalls: 1, llmRounds: 1, retrievalCalls: 1 });
    expect(trace.promptTokens).toBeGreaterThan(0);
  });

  it('abstains on malformed output: no interpretations, the retrieved passages kept', async () => {
    server.script({ reply: 'not json' }, { reply: { interpretations: 'many' } });
    const { result, trace } = await run();
    expect(result.interpretations).toEqual([]);
    expect(result.retrieved).toHaveLength(3);
    // The retry for malformed output waited for the first reply: two calls, two rounds.
    expect(trace).toMatchObject({ llmCalls: 2, llmRounds: 2 });
    expect(trace.stages[1]?.detail).toMatchObject({ abstained: true });
  });

  it('makes no call when nothing is retrieved', async () => {
    const { result, trace } = await run({ corpus: [] });
    expect(result).toEqual({ interpretations: [], retrieved: [] });
    expect(server.requests).toHaveLength(0);
    expect(trace).toMatchObject({ llmCalls: 0, retrievalCalls: 1 });
  });

  it('lets llm_failed propagate', async () => {
    server.script({ status: 500 });
    const error: unknown = await run().catch((caught: unknown) => caught);
    expect(isClarifyError(error, 'llm_failed')).toBe(true);
  });
});
