import { isClarifyError } from '@clarify/core';
import { describe, expect, it } from 'vitest';
import { createFakeEmbedder } from './create-fake-embedder';

function dot(first: Float32Array | undefined, second: Float32Array | undefined): number {
  let sum = 0;
  for (let index = 0; index < (first?.length ?? 0); index++) {
    sum += (first?.[index] ?? 0) * (second?.[index] ?? 0);
  }
  return sum;
}

describe('createFakeEmbedder', () => {
  it('returns deterministic unit vectors of the configured length and records calls', async () => {
    const embedder = createFakeEmbedder({ dimensions: 16 });
    const [first, second, empty] = await embedder.embed([
      'VPN password reset',
      'vpn password reset',
      '',
    ]);
    expect(embedder).toMatchObject({ model: 'fake-embedder-16', dimensions: 16 });
    expect(first).toHaveLength(16);
    expect(first).toEqual(second);
    expect(dot(first, first)).toBeCloseTo(1, 5);
    expect(empty?.[0]).toBe(1);
    expect(embedder.calls).toEqual([['VPN password reset', 'vpn password reset', '']]);
  });

  it('gives texts that share words a higher cosine than texts that share none', async () => {
    const [query, related, unrelated] = await createFakeEmbedder({ dimensions: 64 }).embed([
      'reset vpn password',
      'how to reset the vpn password',
      'parental leave weeks',
    ]);
    expect(dot(query, related)).toBeGreaterThan(dot(query, unrelated));
  });

  it('rejects with embedding_failed when the signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const error: unknown = await createFakeEmbedder()
      .embed(['x'], { signal: controller.signal })
      .catch((caught: unknown) => caught);
    expect(isClarifyError(error, 'embedding_failed')).toBe(true);
  });
});
