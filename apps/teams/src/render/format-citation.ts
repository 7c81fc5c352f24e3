import { citationDate, withoutTitle } from '@clarify/chat';
import type { Citation } from '@clarify/core';
import { clip, escapeCardText, linkTarget, oneLine } from './escape-card-text';
import { teamsLimits } from './teams-limits';

/**
 * `[n] [Title](uri) — Heading › Path · updated 2026-01-31`: the only links a card holds are
 * these, to http(s) sources; the title, heading and date are escaped text.
 */
export function formatCitation(citation: Citation, position: number): string {
  const title =
    oneLine(citation.title, teamsLimits.titleChars) ||
    oneLine(citation.documentId, teamsLimits.titleChars) ||
    'Untitled';
  const target = linkTarget(citation.uri);
  const shown = escapeCardText(title);
  let line = `\\[${position}\\] ${target ? `[${shown}](${target})` : shown}`;
  const heading = withoutTitle(oneLine(citation.heading, Number.MAX_SAFE_INTEGER), title);
  if (heading) line += ` — ${escapeCardText(clip(heading, teamsLimits.headingChars))}`;
  const date = citationDate(citation.updatedAt);
  if (date) line += ` · updated ${date}`;
  return line;
}
