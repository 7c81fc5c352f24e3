import { sql, type SQL } from 'drizzle-orm';
import type { Embedder, Passage, Retriever, SearchRequest } from '@clarify/core';
import { ClarifyError, HEADING_SEPARATOR } from '@clarify/core';
import type { AppDatabase } from '../client/database';
import { queryRows } from '../client/query-rows';
import { toVectorLiteral } from '../schema/column-types';
import { toLexicalQuery } from './lexical-query';
import { dimensionsLiteral, embeddingExpression, modelLiteral } from './vector-index';

export type PgRetrieverOptions = {
  db: AppDatabase;
  embedder: Embedder;
  /** Candidates taken from each list before fusion (at least k). */
  candidates?: number;
  /** HNSW search breadth; higher is more exact and slower. */
  efSearch?: number;
  /** Reciprocal Rank Fusion constant. */
  rrfK?: number;
  /**
   * Called when the query cannot be embedded; the search then uses full text only (RELIABILITY
   * LF-3: embeddings down → full-text only) instead of failing.
   */
  onEmbeddingError?: (error: unknown) => void;
};

type Row = {
  id: number | string;
  dense_rank: number | string | null;
  lexical_rank: number | string | null;
  distance: number | string | null;
  score: number | string;
  heading: string;
  text: string;
  source_id: string;
  external_id: string;
  title: string;
  uri: string;
  updated_at: Date | string | null;
};

/**
 * Hybrid retrieval in one SQL statement: pgvector cosine over the HNSW index of the current
 * embedding model, Postgres full-text ranking (`ts_rank_cd`), fused by Reciprocal Rank Fusion.
 * The source filter sits inside both scans; iterative index scans keep k results when it is
 * selective.
 */
export function createPgRetriever(options: PgRetrieverOptions): Retriever {
  const { db, embedder } = options;
  const efSearch = options.efSearch ?? 100;
  const rrfK = options.rrfK ?? 60;

  async function embedQuery(text: string): Promise<Float32Array | null> {
    try {
      const [vector] = await embedder.embed([text]);
      if (!vector) throw new ClarifyError('embedding_failed', 'the embedder returned no vector');
      return vector;
    } catch (error) {
      if (!options.onEmbeddingError) throw error;
      options.onEmbeddingError(error);
      return null;
    }
  }

  /**
   * The dense list: the HNSW index's nearest passages plus the lexical candidates, ranked by
   * their exact cosine distance. Re-scoring the lexical candidates costs a few hundred distance
   * computations and keeps the dense ranks right where the approximate index misses neighbours
   * (hashed offline vectors are a hard case for graph search; see docs/benchmarks.md).
   */
  function denseList(vector: Float32Array | null, scope: SQL, candidates: number): SQL {
    if (vector === null)
      return sql`select null::bigint as id, null::float8 as distance where false`;
    const distance = sql`${embeddingExpression(embedder.dimensions, 'c')} <=> ${toVectorLiteral(vector)}::vector(${dimensionsLiteral(embedder.dimensions)})`;
    const model = modelLiteral(embedder.model);
    // Re-scoring looks rows up by id: the model test sits in a CASE (which also guards the cast)
    // so the planner cannot answer the join by walking the model's partial HNSW index again.
    return sql`
      with pool as materialized (
        (select c.id from chunks c
         where c.embedding_model = ${model} ${scope}
         order by ${distance}
         limit ${candidates})
        union
        (select id from lexical)
      ),
      scored as (
        select c.id, case when c.embedding_model = ${model} then ${distance} end as distance
        from pool p join chunks c on c.id = p.id
      )
      select id, distance from scored
      where distance is not null
      order by distance
      limit ${candidates}`;
  }

  return {
    async search(request: SearchRequest): Promise<Passage[]> {
      const k = Math.max(1, Math.floor(request.k));
      const sourceIds = request.scope?.sourceIds;
      if (sourceIds?.length === 0 || request.query.trim() === '') return [];
      const candidates = Math.max(k, options.candidates ?? 40);
      const vector = await embedQuery(request.query);
      const scope = sourceFilter(sourceIds);
      // Written out in both places (not joined from a subquery) so the GIN index is used.
      const tsquery = sql`to_tsquery('english', ${toLexicalQuery(request.query)})`;
      const query = sql`
        with matched as materialized (
          select c.id, c.document_id, c.embedding_model, ts_rank_cd(c.tsv, ${tsquery}) as relevance
          from chunks c
          where c.tsv @@ ${tsquery} ${scope}
          order by relevance desc, c.id
          limit ${candidates}
        ),
        lexical as materialized (
          -- During a rebuild for a new model a document has passages of both: its own model's.
          select m.id, m.relevance from matched m
          where m.embedding_model = ${modelLiteral(embedder.model)}
             or not exists (select 1 from chunks own
                            where own.document_id = m.document_id
                              and own.embedding_model = ${modelLiteral(embedder.model)})
        ),
        lexical_ranked as (
          select id, row_number() over (order by relevance desc, id) as rank from lexical
        ),
        dense as materialized (${denseList(vector, scope, candidates)}),
        dense_ranked as (
          select id, distance, row_number() over (order by distance, id) as rank from dense
        ),
        fused as (
          select coalesce(d.id, l.id) as id, d.rank as dense_rank, l.rank as lexical_rank,
                 d.distance,
                 coalesce(1.0 / (${rrfK} + d.rank), 0) + coalesce(1.0 / (${rrfK} + l.rank), 0) as score
          from dense_ranked d full outer join lexical_ranked l on l.id = d.id
          order by score desc, id
          limit ${k}
        )
        select f.id, f.dense_rank, f.lexical_rank, f.distance, f.score,
               c.heading, c.text, c.source_id, doc.external_id, doc.title, doc.uri, doc.updated_at
        from fused f
        join chunks c on c.id = f.id
        join documents doc on doc.id = c.document_id
        order by f.score desc, f.id`;

      const rows = await db.transaction(async (tx) => {
        await tx.execute(
          sql`select set_config('hnsw.iterative_scan', 'relaxed_order', true),
                     set_config('hnsw.ef_search', ${String(efSearch)}, true)`,
        );
        return queryRows<Row>(tx, query);
      });
      return rows.map(toPassage);
    },
  };
}

function sourceFilter(sourceIds: readonly string[] | undefined): SQL {
  if (sourceIds === undefined) return sql``;
  return sql`and c.source_id in (${sql.join(
    sourceIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

function toPassage(row: Row): Passage {
  const distance = row.distance === null ? null : Number(row.distance);
  return {
    chunkId: String(row.id),
    documentId: row.external_id,
    sourceId: row.source_id,
    title: row.title,
    uri: row.uri,
    headingPath: row.heading === '' ? [] : row.heading.split(HEADING_SEPARATOR),
    text: row.text,
    score: Number(row.score),
    denseRank: row.dense_rank === null ? null : Number(row.dense_rank),
    similarity: distance === null ? null : 1 - distance,
    lexicalRank: row.lexical_rank === null ? null : Number(row.lexical_rank),
    updatedAt: row.updated_at === null ? null : new Date(row.updated_at),
  };
}
