import { isClarifyError } from '@clarify/core';
import { describe, expect, it } from 'vitest';
import { createOfflineEmbedder } from './create-offline-embedder';

const VPN_RESET =
  'Resetting your VPN password: open the self-service portal, choose "Forgot password" and ' +
  'follow the prompts. The new password reaches the VPN gateways within 15 minutes. If the ' +
  'reset fails, contact the IT service desk.';
const PARENTAL_LEAVE =
  'Parental leave: employees are entitled to 16 weeks of paid parental leave after six months ' +
  'of service. Tell your manager and HR at least eight weeks before the expected start date.';
const EXPENSES =
  'Expense reports must be submitted within 30 days with receipts attached. Managers approve ' +
  'claims in the finance tool, and reimbursements are paid with the next payroll run.';
const LAPTOP_REFRESH =
  'Laptop refresh: laptops are replaced every three years. Request a new laptop through the IT ' +
  'portal; return your old device within two weeks of receiving the replacement.';
const PASSAGES = [VPN_RESET, PARENTAL_LEAVE, EXPENSES, LAPTOP_REFRESH];

function cosine(first: Float32Array, second: Float32Array): number {
  let dot = 0;
  for (let index = 0; index < first.length; index++)
    dot += (first[index] ?? 0) * (second[index] ?? 0);
  return dot;
}

function length(vector: Float32Array): number {
  return Math.sqrt(cosine(vector, vector));
}

/** Index of the passage the query is closest to. */
async function nearestPassage(query: string): Promise<number> {
  const embedder = createOfflineEmbedder();
  const [queryVector, ...passageVectors] = await embedder.embed([query, ...PASSAGES]);
  const scores = passageVectors.map((vector) => cosine(queryVector ?? new Float32Array(), vector));
  return scores.indexOf(Math.max(...scores));
}

describe('createOfflineEmbedder', () => {
  it('names the algorithm and the dimensions in model', () => {
    expect(createOfflineEmbedder()).toMatchObject({
      model: 'offline-hash-v1-384',
      dimensions: 384,
    });
    expect(createOfflineEmbedder({ dimensions: 64 })).toMatchObject({
      model: 'offline-hash-v1-64',
      dimensions: 64,
    });
  });

  it('is deterministic: the same text gives an identical vector, across embedders', async () => {
    const [first] = await createOfflineEmbedder().embed([VPN_RESET]);
    const [second] = await createOfflineEmbedder()
      .embed([PARENTAL_LEAVE, VPN_RESET])
      .then((vectors) => vectors.slice(1));
    expect(first).toEqual(second);
  });

  it('returns unit vectors of the configured length', async () => {
    for (const dimensions of [16, 384, 1536]) {
      const vectors = await createOfflineEmbedder({ dimensions }).embed([
        ...PASSAGES,
        'x',
        'Ünïcödé 東京',
      ]);
      for (const vector of vectors) {
        expect(vector).toBeInstanceOf(Float32Array);
        expect(vector).toHaveLength(dimensions);
        expect(length(vector)).toBeCloseTo(1, 5);
      }
    }
  });

  it('gives text without words the unit vector on dimension 0, never a zero vector', async () => {
    const vectors = await createOfflineEmbedder({ dimensions: 8 }).embed(['', '  -- ?! ']);
    for (const vector of vectors) expect([...vector]).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('still embeds a text made only of stop words', async () => {
    const [vector] = await createOfflineEmbedder({ dimensions: 8 }).embed(['how do I']);
    expect(vector?.[0]).not.toBe(1);
    expect(length(vector ?? new Float32Array())).toBeCloseTo(1, 5);
  });

  it.each([
    ['How do I reset my VPN password?', 0],
    ['how many weeks of maternity leave do I get', 1],
    ['When are my expenses reimbursed?', 2],
    ['I need a new laptop', 3],
  ])('ranks the related passage first for %j', async (query, expected) => {
    expect(await nearestPassage(query)).toBe(expected);
  });

  it('scores a paraphrase above an unrelated passage', async () => {
    const [question, reset, leave] = await createOfflineEmbedder().embed([
      'How do I reset my VPN password?',
      VPN_RESET,
      PARENTAL_LEAVE,
    ]);
    const related = cosine(question ?? new Float32Array(), reset ?? new Float32Array());
    const unrelated = cosine(question ?? new Float32Array(), leave ?? new Float32Array());
    expect(related).toBeGreaterThan(0.3);
    expect(related).toBeGreaterThan(unrelated + 0.2);
  });

  it('is robust to typos through character n-grams', async () => {
    expect(await nearestPassage('pasword')).toBe(0);
    expect(await nearestPassage('vpn pasword reset')).toBe(0);
    expect(await nearestPassage('reimbursment of expences')).toBe(2);
    const [typo, correct, unrelated] = await createOfflineEmbedder().embed([
      'pasword',
      'password',
      'passport',
    ]);
    expect(cosine(typo ?? new Float32Array(), correct ?? new Float32Array())).toBeGreaterThan(
      cosine(typo ?? new Float32Array(), unrelated ?? new Float32Array()),
    );
  });

  it('returns one vector per input, in order, for a batch of 1,000', async () => {
    const embedder = createOfflineEmbedder({ dimensions: 32 });
    const texts = Array.from(
      { length: 1_000 },
      (_, index) => `ticket ${index} about topic ${index % 7}`,
    );
    const vectors = await embedder.embed(texts);
    expect(vectors).toHaveLength(1_000);
    const one = await embedder.embed([texts[617] ?? '']);
    expect(vectors[617]).toEqual(one[0]);
    expect(vectors[617]).not.toEqual(vectors[618]);
  });

  it('rejects invalid dimensions with config_invalid', () => {
    for (const dimensions of [0, -1, 1.5, Number.NaN, 20_000]) {
      expect(() => createOfflineEmbedder({ dimensions })).toThrow(
        expect.objectContaining({ code: 'config_invalid' }),
      );
    }
  });

  it('stops at an aborted signal with embedding_failed', async () => {
    const controller = new AbortController();
    controller.abort();
    const error: unknown = await createOfflineEmbedder()
      .embed(['text'], { signal: controller.signal })
      .catch((caught: unknown) => caught);
    expect(isClarifyError(error, 'embedding_failed')).toBe(true);
  });
});
