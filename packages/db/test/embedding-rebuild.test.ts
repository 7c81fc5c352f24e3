import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Embedder } from '@clarify/core';
import { createOfflineEmbedder } from '@clarify/llm';
import type { Database } from '../src/client/database';
import { queryRows } from '../src/client/query-rows';
import { createTestDatabase } from '../src/testing';
import { createHarness } from './knowledge-base-harness';

const pages: Record<string, string> = {
  'leave.md': '# Leave\n\nEveryone gets 25 vacation days a year.',
  'travel.md': '# Travel\n\nBook trains for trips under 500 km.',
  'expenses.md': '# Expenses\n\nSubmit receipts within 30 days of the purchase.',
  'laptops.md': '# Laptops\n\nA new laptop is issued every three years.',
  'parking.md': '# Parking\n\nParking permits are renewed each January.',
  'badges.md': '# Badges\n\nA lost badge is replaced at the front desk.',
};
const questions: Record<string, string> = {
  'leave.md': 'how many vacation days',
  'travel.md': 'book trains for trips',
  'expenses.md': 'submit receipts purchase',
  'laptops.md': 'new laptop issued',
  'parking.md': 'parking permits renewed',
  'badges.md': 'lost badge replaced',
};

/** An embedder that fails after `calls` calls: a rebuild that dies partway. */
function failingAfter(embedder: Embedder, calls: number): Embedder {
  let made = 0;
  return {
    ...embedder,
    embed(texts) {
      made += 1;
      if (made > calls) return Promise.reject(new Error('the embedding service went away'));
      return embedder.embed(texts);
    },
  };
}

// A rebuild for a new embedding model, while the processes on the old one keep answering.
describe('a rebuild for a new embedding model', () => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase('pglite');
  });
  afterEach(async () => {
    await database.close();
  });

  const models = async () =>
    (
      await queryRows<{ model: string; count: number }>(
        database.db,
        sql`select embedding_model as model, count(*)::int as count from chunks group by 1 order by 1`,
      )
    ).map((row) => `${row.model}:${row.count}`);

  it('answers from the old embeddings until the new ones are complete, then retires them', async () => {
    const oldModel = createHarness(database, createOfflineEmbedder({ dimensions: 384 }));
    const newEmbedder = createOfflineEmbedder({ dimensions: 256 });
    expect(newEmbedder.model).not.toBe(oldModel.embedder.model);
    const root = await oldModel.addFolderSource('kb', pages);
    await oldModel.index('kb', root);
    const answeredByOld = async () => {
      for (const [page, question] of Object.entries(questions)) {
        const [top] = await oldModel.retriever.search({ query: question, k: 1 });
        expect(top?.documentId).toBe(page);
        expect(top?.denseRank).toBe(1);
      }
    };
    await answeredByOld();

    // The new model's run dies after three documents: the old passages all still answer.
    const partial = createHarness(database, failingAfter(newEmbedder, 3));
    await expect(partial.index('kb', root)).rejects.toThrow(/went away/);
    await answeredByOld();
    const during = await models();
    expect(during).toHaveLength(2);

    // A complete run: every document has its new passages, and the old ones are retired.
    const newModel = createHarness(database, newEmbedder);
    const job = await newModel.index('kb', root);
    expect(job).toMatchObject({ status: 'succeeded' });
    const remaining = await models();
    expect(remaining).toHaveLength(1);
    expect(remaining[0]).toMatch(new RegExp(`^${newEmbedder.model}:`));
    for (const [page, question] of Object.entries(questions)) {
      const [top] = await newModel.retriever.search({ query: question, k: 1 });
      expect(top?.documentId).toBe(page);
      expect(top?.denseRank).toBe(1);
      // A process still on the old model is answered by full text until it is moved over.
      const [lexical] = await oldModel.retriever.search({ query: question, k: 1 });
      expect(lexical?.documentId).toBe(page);
    }
  });
});
