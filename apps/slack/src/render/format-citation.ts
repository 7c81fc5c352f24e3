import { citationDate, withoutTitle } from '@clarify/chat';
import type { Citation } from '@clarify/core';
import { escapeMrkdwn, safeLink } from './escape-mrkdwn';
import { slackLimits } from './slack-limits';
import { collapseWhitespace, truncateText } from './truncate-text';

/** The longest heading path a citation line shows, in escaped characters. */
export const maxCitationHeadingLength = 300;

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
  const date = citationDate(citation.updatedAt);
  if (date) line += ` · updated ${date}`;
  return line;
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

export { mergeSameDocument } from '@clarify/chat';
