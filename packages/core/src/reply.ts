import type { Citation } from './conversation';
import type { Passage } from './passage';
import { formatHeadingPath } from './passage';
import type { Trace } from './trace';

/** One interpretation offered to the user, with a one-line answer preview and its sources. */
export type ClarifyOption = {
  id: string;
  interpretation: string;
  /** The interpretation's answer as extracted (the full answer is written when chosen). */
  answer: string;
  /** Its first sentence, at most 140 characters, for a button's description. */
  answerPreview: string;
  citations: Citation[];
};

/** What core returns for a question or a choice; adapters only render it. */
export type Reply =
  | {
      kind: 'answer';
      /** Text with [n] markers pointing into `citations` (1-based). */
      text: string;
      citations: Citation[];
      /** The standalone question when the message was rewritten from the thread. */
      interpretedAs?: string;
      /** A visible note, e.g. that the AI answer was unavailable and the offline one was used. */
      note?: string;
      trace: Trace;
    }
  | {
      kind: 'clarify';
      prompt: string;
      options: ClarifyOption[];
      clarificationId: string;
      interpretedAs?: string;
      note?: string;
      trace: Trace;
    }
  | {
      kind: 'no-answer';
      text: string;
      /** The closest passages, as links, even though none answers. */
      nearest: Citation[];
      note?: string;
      trace: Trace;
    };

/** The citation of a retrieved passage. */
export function toCitation(passage: Passage): Citation {
  return {
    chunkId: passage.chunkId,
    documentId: passage.documentId,
    sourceId: passage.sourceId,
    title: passage.title,
    uri: passage.uri,
    heading: formatHeadingPath(passage.headingPath),
    updatedAt: passage.updatedAt,
  };
}

/**
 * The citations of passages as a reader sees them: passages of one document under the same
 * heading look alike, so only the first (best-ranked) of them is kept; at most `limit`.
 */
export function distinctCitations(passages: readonly Passage[], limit: number): Citation[] {
  const seen = new Set<string>();
  const citations: Citation[] = [];
  for (const passage of passages) {
    if (citations.length >= limit) break;
    const citation = toCitation(passage);
    const key = `${citation.sourceId}\u0000${citation.documentId}\u0000${citation.heading}`;
    if (seen.has(key)) continue;
    seen.add(key);
    citations.push(citation);
  }
  return citations;
}
