import type { Citation } from '@clarify/core';
import { escapeMrkdwn, safeLink } from './escape-mrkdwn';
import { slackLimits } from './slack-limits';
import { collapseWhitespace, truncateText } from './truncate-text';

/** The longest heading path a citation line shows, in escaped characters. */
export const maxCitationHeadingLength = 300;

function formatDate(date: Date | null): string | null {
  if (!date || Number.isNaN(date.getTime())) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * One line for a citation: `[n] <uri|Title> — Heading › Path · updated 2026-01-31`. Only
 * http(s) URIs become links; the heading and the date (UTC) appear when known. A line stays
 * well under a context element's 2000 characters whatever the citation holds.
 */
export function formatCitation(citation: Citation, position: number): string {
  const title =
    collapseWhitespace(citation.title) || collapseWhitespace(citation.documentId) || 'Untitled';
  let line = `[${position}] ${safeLink(citation.uri, title)}`;
  const heading = withoutTitle(collapseWhitespace(citation.heading), title);
  if (heading) line += ` — ${truncateText(escapeMrkdwn(heading), maxCitationHeadingLength)}`;
  const date = formatDate(citation.updatedAt);
  if (date) line += ` · updated ${date}`;
  return line;
}

/** A heading path that starts with the document's title repeats it: "Title › Section" → "Section". */
function withoutTitle(heading: string, title: string): string {
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

/**
 * Citation lines under a bold `title`, packed into as few texts as fit a context element each
 * (a line is never split). No citations, no texts.
 */
export function formatCitationList(citations: readonly Citation[], title: string): string[] {
  const max = slackLimits.contextElementText;
  const texts: string[] = [];
  let current = `*${title}*`;
  citations.forEach((citation, index) => {
    const line = formatCitation(citation, index + 1);
    if (current.length + 1 + line.length > max) {
      texts.push(current);
      current = line;
    } else {
      current += `\n${line}`;
    }
  });
  if (citations.length > 0) texts.push(current);
  return texts;
}
