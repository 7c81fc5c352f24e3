import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createOfflineEmbedder } from '@clarify/llm';
import type { Database } from '../src/client/database';
import { queryRows } from '../src/client/query-rows';
import { createPgDocumentStore } from '../src/repositories/pg-document-store';
import { createPgRetriever } from '../src/repositories/pg-retriever';
import { createPgSourceStore } from '../src/repositories/pg-source-store';
import { createTestDatabase } from '../src/testing';

const embedder = createOfflineEmbedder();

const WORDS =
  'vpn password reset laptop printer leave payroll expense travel badge office parking wifi okta token invoice budget release freeze incident policy holiday benefit pension salary review'.split(
    ' ',
  );

/** Varied text: near-duplicate vectors would break HNSW graph connectivity, which real text does not. */
function randomWords(seed: number, count: number): string {
  let state = seed * 2654435761 + 1;
  return (
    Array.from({ length: count }, () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return WORDS[state % WORDS.length];
    }).join(' ') + ` unique${seed}x`
  );
}
let database: Database;

/** Adds a source whose documents hold `chunks` passages about `topic`. */
async function addSource(id: string, topic: string, chunks: number) {
  await createPgSourceStore(database.db).upsert({ id, name: id, type: 'files', settings: {} });
  const texts = Array.from(
    { length: chunks },
    (_, index) => `${topic} note ${index}: ${randomWords(index, 12)}.`,
  );
  const vectors = await embedder.embed(texts);
  const store = createPgDocumentStore(database.db);
  for (let start = 0; start < chunks; start += 100) {
    await store.replace({
      sourceId: id,
      embeddingModel: embedder.model,
      document: {
        externalId: `${id}-${start}.md`,
        uri: `test://${id}/${start}`,
        title: `${id} ${start}`,
        contentHash: 'h',
        updatedAt: null,
      },
      chunks: texts.slice(start, start + 100).map((text, offset) => ({
        ordinal: offset,
        headingPath: [id],
        text,
        embedding: vectors[start + offset] as Float32Array,
      })),
    });
  }
  await store.ensureVectorIndex(embedder.model, embedder.dimensions);
}

beforeAll(async () => {
  database = await createTestDatabase('pglite');
  await addSource('wiki', 'wiki', 2_000);
  await addSource('team', 'team', 5);
  // Leave the planner one way in: walking the HNSW index with the filter applied, as it does
  // on large tables when the filter is not selective enough for the btree.
  await database.db.execute(sql`drop index chunks_source_id_idx`);
  await database.db.execute(sql`set enable_seqscan = off`);
});
afterAll(async () => {
  await database?.close();
});

async function denseTeamRows(iterativeScan: 'off' | 'relaxed_order', explain = false) {
  const [vector] = await embedder.embed(['VPN password reset step']);
  return database.db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('hnsw.iterative_scan', ${iterativeScan}, true), set_config('hnsw.ef_search', '40', true)`,
    );
    return queryRows<Record<string, unknown>>(
      tx,
      sql.raw(`${explain ? 'explain ' : ''}select id from chunks c where c.embedding_model = '${embedder.model}' and c.source_id = 'team'
        order by (c.embedding::vector(384)) <=> '[${Array.from(vector!).join(',')}]'::vector(384) limit 5`),
    );
  });
}

describe('a selective scope on the HNSW index (RG-1, pgvector iterative scans)', () => {
  it('the dense list walks the HNSW index with the filter', async () => {
    const plan = await denseTeamRows('relaxed_order', true);
    expect(plan.map((row) => String(row['QUERY PLAN'])).join('\n')).toMatch(
      /Index Scan using chunks_embedding_hnsw_/,
    );
  });

  it('without iterative scans the filter starves the result (the control)', async () => {
    expect((await denseTeamRows('off')).length).toBeLessThan(5);
    expect(await denseTeamRows('relaxed_order')).toHaveLength(5);
  });

  it('still returns k passages of the one allowed source', async () => {
    const retriever = createPgRetriever({ db: database.db, embedder, efSearch: 40 });
    const passages = await retriever.search({
      query: 'VPN password reset step',
      k: 5,
      scope: { sourceIds: ['team'] },
    });
    expect(passages).toHaveLength(5);
    expect(passages.every((passage) => passage.sourceId === 'team')).toBe(true);
    expect(passages.every((passage) => passage.denseRank !== null)).toBe(true);
  });
});
