import type { Citation } from '@clarify/core';
import type { ContextBlock, SectionBlock } from './block-kit';
import { contextBlock, sectionBlock } from './block-kit';
import { escapeMrkdwn } from './escape-mrkdwn';
import { formatCitationList } from './format-citation';
import { slackLimits } from './slack-limits';
import { splitText } from './split-text';
import { collapseWhitespace, truncateText } from './truncate-text';

/** The longest summary a message's notification text shows before "…". */
const maxSummaryLength = 300;

function contextText(text: string): ContextBlock {
  return contextBlock(truncateText(text, slackLimits.contextElementText));
}

/** Context lines for the question as rewritten and for a visible note, when present. */
export function noteBlocks(reply: { interpretedAs?: string; note?: string }): ContextBlock[] {
  const blocks: ContextBlock[] = [];
  const interpretedAs = collapseWhitespace(reply.interpretedAs ?? '');
  if (interpretedAs) blocks.push(contextText(`Interpreted as: ${escapeMrkdwn(interpretedAs)}`));
  const note = reply.note?.trim() ?? '';
  if (note) blocks.push(contextText(escapeMrkdwn(note)));
  return blocks;
}

/** `text` escaped and split over section blocks; `emptyText` alone when there is no text. */
export function textSections(text: string, emptyText: string): SectionBlock[] {
  const chunks = splitText(escapeMrkdwn(text), slackLimits.sectionText);
  return (chunks.length > 0 ? chunks : [emptyText]).map(sectionBlock);
}

/** Citation lines under `title` as context blocks of one element each (one line per row). */
export function citationBlocks(citations: readonly Citation[], title: string): ContextBlock[] {
  return formatCitationList(citations, title).map(contextBlock);
}

/**
 * The notification texts of `count` messages: an escaped one-line summary of `source`, the
 * later messages marked as continuations.
 */
export function fallbackTexts(source: string, fallback: string, count: number): string[] {
  const summary =
    truncateText(escapeMrkdwn(collapseWhitespace(source)), maxSummaryLength) || fallback;
  return Array.from({ length: count }, (_, index) =>
    truncateText(
      index === 0 ? summary : `(continued ${index + 1}/${count}) ${summary}`,
      slackLimits.fallbackText,
    ),
  );
}
