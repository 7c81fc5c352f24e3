import { ClarifyError, type Source, type SourceSummary } from '@clarify/core';
import type { KnowledgeBase } from '@clarify/runtime';

/** A saved source by id; "there is no source" naming it otherwise. */
export async function findSource(kb: KnowledgeBase, id: string): Promise<Source> {
  const source = await kb.sources.get(id);
  if (source === null) throw noSource(id);
  return source;
}

/** A saved source with its counts and last successful run. */
export async function findSourceSummary(kb: KnowledgeBase, id: string): Promise<SourceSummary> {
  const source = (await kb.sources.list()).find((candidate) => candidate.id === id);
  if (source === undefined) throw noSource(id);
  return source;
}

function noSource(id: string): ClarifyError {
  return new ClarifyError('source_not_found', `there is no source "${id}"; see clarify sources`);
}
