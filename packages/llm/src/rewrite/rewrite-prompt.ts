import type { ChatMessage, HistoryTurn } from '@clarify/core';

/** How much of each earlier turn the prompt quotes. */
const MAX_TURN_CHARS = 800;
const MAX_CITED_TITLES = 5;

/** The rewrite instructions (Adobe §3.4: resolve references, fix typos, keep entity values). */
export const REWRITE_INSTRUCTIONS = [
  'You rewrite the latest message of a workplace chat into a standalone question for a search over the company knowledge base.',
  'Use the conversation only to resolve what the message leaves implicit: pronouns and references ("it", "that", "there", "the same", "what about X?") and omitted subjects.',
  'Fix obvious typos.',
  'Copy every name, quoted string, ID, ticket key, version, number and date of the latest message exactly as written, character for character.',
  'Do not answer the question, do not add facts or conditions, and do not change what is asked.',
  'If the message is already standalone, return it unchanged.',
  'Output only the question, on one line, without quotes or a preamble.',
].join('\n');

/**
 * The chat messages that ask a model to rewrite `message`: the instructions, then the last
 * turns (oldest first, each clipped) with the titles and headings the assistant cited.
 */
export function buildRewritePrompt(
  message: string,
  history: readonly HistoryTurn[],
): ChatMessage[] {
  const turns = history.map((turn, index) => {
    const speaker = turn.role === 'user' ? 'User' : 'Assistant';
    const lines = [`[${index + 1}] ${speaker}: ${clip(turn.text)}`];
    const cited = citedTitles(turn);
    if (cited.length > 0) lines.push(`    Cited: ${cited.join('; ')}`);
    return lines.join('\n');
  });
  const conversation = turns.length > 0 ? turns.join('\n') : '(none)';
  return [
    { role: 'system', content: REWRITE_INSTRUCTIONS },
    {
      role: 'user',
      content: `Conversation (oldest first):\n${conversation}\n\nLatest message: ${message}\n\nStandalone question:`,
    },
  ];
}

function citedTitles(turn: HistoryTurn): string[] {
  const titles = (turn.citations ?? []).map((citation) =>
    citation.heading !== '' && citation.heading !== citation.title
      ? `${citation.title} › ${citation.heading}`
      : citation.title,
  );
  return [...new Set(titles)].slice(0, MAX_CITED_TITLES);
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= MAX_TURN_CHARS ? flat : `${flat.slice(0, MAX_TURN_CHARS - 1)}…`;
}
