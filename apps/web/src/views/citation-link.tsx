/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import { citationDate } from '@clarify/chat';
import type { Citation } from '@clarify/core';

/** The console's page of a cited passage, the sentence `highlight` is closest to marked. */
export function passageHref(citation: Pick<Citation, 'chunkId'>, highlight: string): string {
  const hl = highlight
    .replace(/\s*\[\d+\]/g, '')
    .trim()
    .slice(0, 400);
  return `/passage/${encodeURIComponent(citation.chunkId)}${hl ? `?hl=${encodeURIComponent(hl)}` : ''}#cited`;
}

/** A link a browser may follow from the page: http(s) only (never `javascript:` or `file:`). */
export function safeHref(uri: string): string | null {
  try {
    const url = new URL(uri);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** One source as a reply lists it: the passage, its section, its date, the original. */
export function CitationLine(props: { citation: Citation; highlight: string }) {
  const { citation } = props;
  const date = citationDate(citation.updatedAt);
  const original = safeHref(citation.uri);
  return (
    <>
      <a href={passageHref(citation, props.highlight)}>{citation.title || citation.documentId}</a>
      {citation.heading && <span class="heading">{` — ${citation.heading}`}</span>}
      {date && <span class="date">{` · updated ${date}`}</span>}
      {original && (
        <>
          {' · '}
          <a href={original} rel="noopener noreferrer" target="_blank">
            original<span class="sr-only"> of {citation.title}</span>
          </a>
        </>
      )}
    </>
  );
}
