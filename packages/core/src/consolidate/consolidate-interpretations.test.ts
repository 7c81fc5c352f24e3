import { describe, expect, it } from 'vitest';
import type { Interpretation, InterpretationCandidate } from '../conversation';
import type { Embedder } from '../embedder';
import type { Passage } from '../passage';
import { consolidateInterpretations } from './consolidate-interpretations';
import type { ConsolidationSetting } from './consolidation-settings';

const DIMENSIONS = 16;

/** Returns the vector registered for each text (normalised) and records every call. */
class FakeEmbedder implements Embedder {
  readonly model = 'fake-embedder';
  readonly dimensions = DIMENSIONS;
  readonly calls: string[][] = [];

  constructor(private readonly vectors: ReadonlyMap<string, Float32Array>) {}

  embed(texts: readonly string[]): Promise<Float32Array[]> {
    this.calls.push([...texts]);
    return Promise.resolve(
      texts.map((text) => {
        const vector = this.vectors.get(text);
        if (!vector) throw new Error(`FakeEmbedder: no vector for "${text}"`);
        return vector;
      }),
    );
  }
}

/** A unit vector from sparse components: { axis: weight }. */
function unit(components: Record<number, number>): Float32Array {
  const vector = new Float32Array(DIMENSIONS);
  for (const [axis, weight] of Object.entries(components)) vector[Number(axis)] = weight;
  const norm = Math.hypot(...vector);
  return vector.map((value) => value / norm);
}

type Spec = {
  id: string;
  score: number;
  vector: Record<number, number>;
  answer?: string;
  chunkId?: string;
};

function passage(id: string, score: number): Passage {
  return {
    chunkId: id,
    documentId: `doc-${id}`,
    sourceId: 'files',
    title: `Title ${id}`,
    uri: `file:///${id}`,
    headingPath: [],
    text: `Text ${id}`,
    score,
    denseRank: null,
    similarity: null,
    lexicalRank: null,
    updatedAt: null,
  };
}

/** Candidates "Q id" / "A id" whose passage `chunk-id` has the given fused score. */
function scenario(specs: readonly Spec[]) {
  const vectors = new Map<string, Float32Array>();
  const candidates: InterpretationCandidate[] = specs.map((spec) => {
    const candidate = {
      interpretation: `Q ${spec.id}`,
      answer: spec.answer ?? `A ${spec.id}`,
      evidence: `E ${spec.id}`,
      passage: passage(spec.chunkId ?? `chunk-${spec.id}`, spec.score),
    };
    vectors.set(`${candidate.interpretation} ; ${candidate.answer}`, unit(spec.vector));
    return candidate;
  });
  return { candidates, embedder: new FakeEmbedder(vectors) };
}

async function consolidate(specs: readonly Spec[], setting: ConsolidationSetting = 'default') {
  const { candidates, embedder } = scenario(specs);
  return consolidateInterpretations(candidates, { embedder, setting });
}

/** What a test reads from an interpretation: medoid, support and cited chunks in order. */
const summary = (interpretations: readonly Interpretation[]) =>
  interpretations.map(({ interpretation, support, passages }) => ({
    interpretation,
    support,
    chunks: passages.map((cited) => cited.chunkId),
  }));

// Stars: a centre plus spokes at cosine distance 1 − 1/√1.04 ≈ 0.019 (0.038 between spokes).
const US: Spec[] = [
  { id: 'us-centre', score: 0.6, vector: { 0: 1 } },
  { id: 'us-spoke-1', score: 0.8, vector: { 0: 1, 10: 0.2 } },
  { id: 'us-spoke-2', score: 0.4, vector: { 0: 1, 11: 0.2 } },
];
const ROTTERDAM: Spec[] = [
  { id: 'rtm-centre', score: 0.5, vector: { 1: 1 } },
  { id: 'rtm-spoke-1', score: 0.7, vector: { 1: 1, 12: 0.2 } },
  { id: 'rtm-spoke-2', score: 0.3, vector: { 1: 1, 13: 0.2 } },
];
const UNRELATED_TOP: Spec = { id: 'unrelated', score: 0.9, vector: { 5: 1 } };

describe('consolidateInterpretations', () => {
  it('keeps one medoid per well-separated group, with all passages by rank, and drops noise', async () => {
    const { candidates, embedder } = scenario([...US, ...ROTTERDAM, UNRELATED_TOP]);
    const result = await consolidateInterpretations(candidates, { embedder, setting: 'default' });
    expect(summary(result)).toEqual([
      {
        interpretation: 'Q us-centre',
        support: 3,
        chunks: ['chunk-us-spoke-1', 'chunk-us-centre', 'chunk-us-spoke-2'],
      },
      {
        interpretation: 'Q rtm-centre',
        support: 3,
        chunks: ['chunk-rtm-spoke-1', 'chunk-rtm-centre', 'chunk-rtm-spoke-2'],
      },
    ]);
    expect(result[0]).toMatchObject({ answer: 'A us-centre', evidence: 'E us-centre' });
    // One embed call, one text per distinct reading.
    expect(embedder.calls).toHaveLength(1);
    expect([...(embedder.calls[0] ?? [])].sort()).toEqual(
      candidates.map((candidate) => `${candidate.interpretation} ; ${candidate.answer}`).sort(),
    );
  });

  it('takes identically worded candidates as one reading, whatever their answers', async () => {
    const { candidates } = scenario([...US, ...ROTTERDAM, UNRELATED_TOP]);
    const relabelled = candidates.map((candidate) =>
      candidate.interpretation.startsWith('Q us')
        ? { ...candidate, interpretation: 'Q us' }
        : candidate,
    );
    const texts: string[] = [];
    const byTopic: Embedder = {
      model: 'by-topic',
      dimensions: 3,
      embed: (batch) => {
        texts.push(...batch);
        const axis = (text: string) => (text.includes('us') ? 0 : text.includes('rtm') ? 1 : 2);
        return Promise.resolve(batch.map((text) => unit({ [axis(text)]: 1 })));
      },
    };
    const result = await consolidateInterpretations(relabelled, {
      embedder: byTopic,
      setting: 'default',
    });
    expect(result[0]).toMatchObject({ interpretation: 'Q us', support: 3 });
    expect(result[0]?.passages).toHaveLength(3);
    // The three US candidates are embedded once, as their best-ranked member.
    expect(texts).toHaveLength(candidates.length - 2);
  });

  it('keeps labelled readings apart: never merged, never clustered, nothing embedded', async () => {
    const { candidates, embedder } = scenario([...US, ...ROTTERDAM, UNRELATED_TOP]);
    const merged = await consolidateInterpretations(candidates, {
      embedder,
      setting: 'default',
    });
    const calls = embedder.calls.length;
    const apart = await consolidateInterpretations(candidates, {
      embedder,
      setting: 'default',
      keepReadingsApart: true,
    });
    expect(merged).toHaveLength(2);
    expect(apart).toHaveLength(candidates.length);
    expect(apart.map((item) => item.interpretation)).toContain('Q unrelated');
    expect(embedder.calls).toHaveLength(calls);
  });

  it('is deterministic', async () => {
    const specs = [...US, ...ROTTERDAM, UNRELATED_TOP];
    expect(await consolidate(specs)).toEqual(await consolidate(specs));
    expect(await consolidate(specs, 'conservative')).toEqual(
      await consolidate(specs, 'conservative'),
    );
  });

  it("'conservative' merges two close pairs that 'default' keeps apart", async () => {
    // Pairs B and C sit 0.3 apart (each pair 0.019 wide); group A is far from both.
    const specs: Spec[] = [
      { id: 'a-centre', score: 0.9, vector: { 0: 1 } },
      { id: 'a-spoke-1', score: 0.85, vector: { 0: 1, 10: 0.2 } },
      { id: 'a-spoke-2', score: 0.8, vector: { 0: 1, 11: 0.2 } },
      { id: 'a-spoke-3', score: 0.75, vector: { 0: 1, 12: 0.2 } },
      { id: 'b-1', score: 0.7, vector: { 1: 1 } },
      { id: 'b-2', score: 0.65, vector: { 1: 1, 13: 0.2 } },
      { id: 'c-1', score: 0.6, vector: { 1: 0.7, 2: Math.sqrt(1 - 0.49) } },
      { id: 'c-2', score: 0.55, vector: { 1: 0.7, 2: Math.sqrt(1 - 0.49), 14: 0.2 } },
    ];
    expect(summary(await consolidate(specs, 'default'))).toEqual([
      {
        interpretation: 'Q a-centre',
        support: 4,
        chunks: ['chunk-a-centre', 'chunk-a-spoke-1', 'chunk-a-spoke-2', 'chunk-a-spoke-3'],
      },
      { interpretation: 'Q b-1', support: 2, chunks: ['chunk-b-1', 'chunk-b-2'] },
      { interpretation: 'Q c-1', support: 2, chunks: ['chunk-c-1', 'chunk-c-2'] },
    ]);
    expect(summary(await consolidate(specs, 'conservative'))).toEqual([
      {
        interpretation: 'Q a-centre',
        support: 4,
        chunks: ['chunk-a-centre', 'chunk-a-spoke-1', 'chunk-a-spoke-2', 'chunk-a-spoke-3'],
      },
      {
        interpretation: 'Q b-1',
        support: 4,
        chunks: ['chunk-b-1', 'chunk-b-2', 'chunk-c-1', 'chunk-c-2'],
      },
    ]);
  });

  it("'conservative' drops pairs that 'default' keeps as interpretations", async () => {
    const specs: Spec[] = [
      { id: 'a-centre', score: 0.9, vector: { 0: 1 } },
      { id: 'a-spoke-1', score: 0.85, vector: { 0: 1, 10: 0.2 } },
      { id: 'a-spoke-2', score: 0.8, vector: { 0: 1, 11: 0.2 } },
      { id: 'a-spoke-3', score: 0.75, vector: { 0: 1, 12: 0.2 } },
      { id: 'b-1', score: 0.7, vector: { 1: 1 } },
      { id: 'b-2', score: 0.65, vector: { 1: 1, 13: 0.2 } },
      { id: 'c-1', score: 0.6, vector: { 2: 1 } },
      { id: 'c-2', score: 0.55, vector: { 2: 1, 14: 0.2 } },
    ];
    const interpretations = (setting: ConsolidationSetting) =>
      consolidate(specs, setting).then((result) =>
        result.map((item) => [item.interpretation, item.support]),
      );
    expect(await interpretations('default')).toEqual([
      ['Q a-centre', 4],
      ['Q b-1', 2],
      ['Q c-1', 2],
    ]);
    expect(await interpretations('conservative')).toEqual([['Q a-centre', 4]]);
  });

  it('merges candidates with equal normalised answers, however far apart', async () => {
    const specs: Spec[] = [
      ...US.map((spec) => ({ ...spec, answer: 'The 25 days.' })),
      ...ROTTERDAM.map((spec) => ({ ...spec, answer: '25 Days' })),
      { ...UNRELATED_TOP, score: 0.1 },
    ];
    const result = await consolidate(specs);
    expect(result.map((item) => [item.interpretation, item.support, item.passages.length])).toEqual(
      [['Q us-centre', 6, 6]],
    );
    // The noise candidate joins the interpretation that holds its answer.
    const withNoise = await consolidate([
      ...US,
      ...ROTTERDAM,
      { ...UNRELATED_TOP, answer: 'a us-centre!' },
    ]);
    expect(withNoise.map((item) => [item.interpretation, item.support])).toEqual([
      ['Q us-centre', 4],
      ['Q rtm-centre', 3],
    ]);
  });

  it('cites a passage shared by several members once', async () => {
    const specs = US.map((spec, index) =>
      index === 2 ? { ...spec, chunkId: 'chunk-us-spoke-1' } : spec,
    );
    const [interpretation] = await consolidate([...specs, ...ROTTERDAM]);
    expect(interpretation?.support).toBe(3);
    expect(interpretation?.passages.map((cited) => cited.chunkId)).toEqual([
      'chunk-us-spoke-1',
      'chunk-us-centre',
    ]);
  });

  it('lets a near-duplicate that HDBSCAN leaves as noise join its cluster', async () => {
    // "close" is 0.042 from the centre but leaves the root early; the best-ranked candidate.
    const specs: Spec[] = [
      { id: 'centre', score: 0.5, vector: { 0: 1 } },
      { id: 'near-1', score: 0.4, vector: { 0: 1, 10: 0.1 } },
      { id: 'near-2', score: 0.3, vector: { 0: 1, 11: 0.1 } },
      { id: 'close', score: 0.9, vector: { 0: 1, 12: 0.3 } },
      { id: 'other-1', score: 0.2, vector: { 5: 1 } },
      { id: 'other-2', score: 0.1, vector: { 6: 1 } },
    ];
    expect(summary(await consolidate(specs))).toEqual([
      {
        interpretation: 'Q centre',
        support: 4,
        chunks: ['chunk-close', 'chunk-centre', 'chunk-near-1', 'chunk-near-2'],
      },
    ]);
  });

  it('rejects when the embedder returns the wrong number of vectors, or when aborted', async () => {
    const { candidates } = scenario(US);
    const shortEmbedder: Embedder = {
      model: 'short',
      dimensions: DIMENSIONS,
      embed: () => Promise.resolve([unit({ 0: 1 })]),
    };
    await expect(
      consolidateInterpretations(candidates, { embedder: shortEmbedder, setting: 'default' }),
    ).rejects.toMatchObject({ code: 'embedding_failed' });
    const controller = new AbortController();
    controller.abort();
    const { embedder } = scenario(US);
    await expect(
      consolidateInterpretations(candidates, {
        embedder,
        setting: 'default',
        signal: controller.signal,
      }),
    ).rejects.toThrow();
    expect(embedder.calls).toEqual([]);
  });
});

describe('consolidateInterpretations with few candidates (small-n rules)', () => {
  const orthogonal = (count: number): Spec[] =>
    Array.from({ length: count }, (_, index) => ({
      id: `reading-${index + 1}`,
      score: 1 - index / 10,
      vector: { [index]: 1 },
    }));

  it('returns nothing for no candidate and the candidate itself for one, without embedding', async () => {
    const { candidates, embedder } = scenario([US[0] as Spec]);
    expect(await consolidateInterpretations([], { embedder, setting: 'default' })).toEqual([]);
    const [only] = candidates;
    expect(
      await consolidateInterpretations(candidates, { embedder, setting: 'conservative' }),
    ).toEqual([
      {
        interpretation: only?.interpretation,
        answer: only?.answer,
        evidence: only?.evidence,
        passages: [only?.passage],
        support: 1,
      },
    ]);
    expect(embedder.calls).toEqual([]);
  });

  it('groups two near-duplicates and keeps two distinct candidates apart', async () => {
    expect(summary(await consolidate(US.slice(0, 2)))).toEqual([
      {
        interpretation: 'Q us-spoke-1',
        support: 2,
        chunks: ['chunk-us-spoke-1', 'chunk-us-centre'],
      },
    ]);
    expect(summary(await consolidate(orthogonal(2)))).toEqual([
      { interpretation: 'Q reading-1', support: 1, chunks: ['chunk-reading-1'] },
      { interpretation: 'Q reading-2', support: 1, chunks: ['chunk-reading-2'] },
    ]);
  });

  it('merges two distinct wordings of the same answer', async () => {
    const specs = orthogonal(2).map((spec, index) => ({
      ...spec,
      answer: index === 0 ? 'The Rotterdam office' : 'rotterdam office!',
    }));
    expect((await consolidate(specs)).map((item) => [item.interpretation, item.support])).toEqual([
      ['Q reading-1', 2],
    ]);
  });

  it('keeps lone candidates only when their passage ranks in the top three', async () => {
    // Conservative needs 6 candidates to cluster; with 5 it groups near-duplicates: the pair at
    // ranks 4 and 5 is neither cluster-sized (3) nor top-ranked, so it is dropped.
    const specs: Spec[] = [
      ...orthogonal(3),
      { id: 'pair-1', score: 0.5, vector: { 8: 1 } },
      { id: 'pair-2', score: 0.4, vector: { 8: 1, 15: 0.2 } },
    ];
    expect((await consolidate(specs, 'conservative')).map((item) => item.interpretation)).toEqual([
      'Q reading-1',
      'Q reading-2',
      'Q reading-3',
    ]);
    expect(
      (await consolidate(specs, 'default')).map((item) => [item.interpretation, item.support]),
    ).toEqual([
      ['Q pair-1', 2],
      ['Q reading-1', 1],
      ['Q reading-2', 1],
      ['Q reading-3', 1],
    ]);
  });

  it('lets a top-ranked noise candidate survive beside a cluster, and drops a low-ranked one', async () => {
    const group: Spec[] = [
      { id: 'a-centre', score: 0.8, vector: { 0: 1 } },
      { id: 'a-spoke-1', score: 0.7, vector: { 0: 1, 10: 0.2 } },
      { id: 'a-spoke-2', score: 0.6, vector: { 0: 1, 11: 0.2 } },
      { id: 'a-spoke-3', score: 0.5, vector: { 0: 1, 12: 0.2 } },
    ];
    expect(
      (await consolidate([...group, UNRELATED_TOP])).map((item) => [
        item.interpretation,
        item.support,
      ]),
    ).toEqual([
      ['Q a-centre', 4],
      ['Q unrelated', 1],
    ]);
    const lowRanked = { ...UNRELATED_TOP, score: 0.1 };
    expect(
      (await consolidate([...group, lowRanked])).map((item) => [item.interpretation, item.support]),
    ).toEqual([['Q a-centre', 4]]);
  });

  it('does not merge unrelated candidates into one cluster; the best-ranked three survive alone', async () => {
    // HDBSCAN (scale-free) makes the five equidistant candidates one cluster; all are 1 from
    // the medoid, beyond MAX_DISTANCE_TO_MEDOID, so the cluster dissolves into noise.
    expect(
      (await consolidate(orthogonal(5))).map((item) => [item.interpretation, item.support]),
    ).toEqual([
      ['Q reading-1', 1],
      ['Q reading-2', 1],
      ['Q reading-3', 1],
    ]);
  });
});
