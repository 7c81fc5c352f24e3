import type { Citation } from '@clarify/core';
import { rewriteMarkers } from './citation-markers';

/** One interpretation's part of an "answer all" reply. */
export type AnswerSection = {
  /** What sets this interpretation apart, shown as the section's lead-in. */
  label: string;
  /** Text with [n] markers pointing into this section's `citations` (1-based). */
  text: string;
  citations: readonly Citation[];
  supported: boolean;
};

/** Shown for an interpretation whose passages gave no cited answer. */
export const UNSUPPORTED_SECTION_TEXT = 'The documents found do not answer this.';

/**
 * Joins sections into one text ("**label:** text", a blank line between sections) with one
 * citation list shared by all sections: a passage cited by several sections gets one number,
 * numbers follow first use, and every section's markers are renumbered to match.
 */
export function mergeSections(sections: readonly AnswerSection[]): {
  text: string;
  citations: Citation[];
} {
  const citations: Citation[] = [];
  const numberOf = new Map<string, number>();
  const parts = sections.map((section) => {
    const text = section.supported
      ? rewriteMarkers(section.text, (number) => {
          const citation = section.citations[number - 1];
          if (citation === undefined) return null;
          let shared = numberOf.get(citation.chunkId);
          if (shared === undefined) {
            citations.push(citation);
            shared = citations.length;
            numberOf.set(citation.chunkId, shared);
          }
          return shared;
        }).trim()
      : UNSUPPORTED_SECTION_TEXT;
    return `**${section.label}:** ${text}`;
  });
  return { text: parts.join('\n\n'), citations };
}
