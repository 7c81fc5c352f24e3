import type { StageTracer } from '../interpretation-strategy';
import type { Passage } from '../passage';
import type { Retriever, SearchRequest } from '../retriever';

/** One search of the question as a `retrieve` stage of the trace (one retrieval call). */
export function tracedSearch(
  tracer: StageTracer,
  retriever: Retriever,
  request: SearchRequest,
): Promise<Passage[]> {
  return tracer.stage(
    'retrieve',
    () => retriever.search(request),
    (found) => ({
      retrievalCalls: 1,
      detail: { passages: found.map((passage) => passage.documentId) },
    }),
  );
}
