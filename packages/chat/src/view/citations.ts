import type { Citation } from '@clarify/core';

/** Whitespace runs (newlines included) as single spaces, trimmed: for one-line labels. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A citation's date as readers see it (UTC day), or null when unknown. */
export function citationDate(date: Date | null): string | null {
  if (!date || Number.isNaN(date.getTime())) return null;
  return date.toISOString().slice(0, 10);
}

/** A heading path that starts with the document's title repeats it: "Title › Section" → "Section". */
export function withoutTitle(heading: string, title: string): string {
  if (heading === title) return '';
  return heading.startsWith(`${title} › `) ? heading.slice(title.length + 3) : heading;
}

/**
 * An option's sources as a reader counts them: sections of one document are one source, their
 * headings listed on its line ("VPN password — Self-service reset; Password requirements").
 */
export function mergeSameDocument(citations: readonly Citation[]): Citation[] {
  const merged = new Map<string, Citation>();
  for (const citation of citations) {
    const key = `${citation.sourceId}\u0000${citation.documentId}`;
    const heading = withoutTitle(
      collapseWhitespace(citation.heading),
      collapseWhitespace(citation.title),
    );
    const first = merged.get(key);
    if (first === undefined) merged.set(key, { ...citation, heading });
    else if (heading && !first.heading.split('; ').includes(heading)) {
      merged.set(key, {
        ...first,
        heading: first.heading ? `${first.heading}; ${heading}` : heading,
      });
    }
  }
  return [...merged.values()];
}
