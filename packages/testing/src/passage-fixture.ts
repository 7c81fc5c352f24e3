import type { Passage } from '@clarify/core';

/**
 * A retrieved passage for tests: document `<id>.md` of source `kb`, headed by its title, ranked
 * first in both lists unless `overrides` say otherwise.
 */
export function passageFixture(
  id: string,
  title: string,
  text: string,
  overrides: Partial<Passage> = {},
): Passage {
  return {
    chunkId: id,
    documentId: `${id}.md`,
    sourceId: 'kb',
    title,
    uri: `file:///${id}.md`,
    headingPath: [title],
    text,
    score: 0.02,
    denseRank: 1,
    similarity: 0.5,
    lexicalRank: 1,
    updatedAt: null,
    ...overrides,
  };
}
