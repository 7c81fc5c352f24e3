import { describe, expect, it } from 'vitest';
import { createCountingEmbedder } from './create-counting-embedder';
import { createFakeEmbedder } from './create-fake-embedder';

describe('createCountingEmbedder', () => {
  it('counts calls and texts, passes results through, and resets', async () => {
    const inner = createFakeEmbedder({ dimensions: 4 });
    const counting = createCountingEmbedder(inner);
    expect(counting).toMatchObject({ model: inner.model, dimensions: 4, calls: 0, texts: 0 });

    const vectors = await counting.embed(['a', 'b', 'c']);
    await counting.embed([]);
    expect(vectors).toEqual(await inner.embed(['a', 'b', 'c']));
    expect(counting.calls).toBe(2);
    expect(counting.texts).toBe(3);

    counting.reset();
    expect({ calls: counting.calls, texts: counting.texts }).toEqual({ calls: 0, texts: 0 });
  });
});
