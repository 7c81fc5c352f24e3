import type { HistoryTurn, StoredTurn } from '@clarify/core';

/** Letters and digits only: how a platform's rendering and the stored text are compared. */
function letters(text: string): string {
  return text.replace(/[^\p{L}\p{N}]+/gu, '').toLowerCase();
}

/** The stored text a platform rendering shows the start of (a notification text is cut). */
function renders(platformText: string, storedText: string): boolean {
  const shown = letters(platformText.replace(/^\(continued \d+\/\d+\)\s*/, ''));
  if (shown.length === 0) return false;
  // A cut rendering ends early (and with "…"); a few trailing characters may be the cut's.
  const prefix = shown.length > 40 ? shown.slice(0, -3) : shown;
  return letters(storedText).startsWith(prefix);
}

/**
 * The thread as the platform shows it, with the bot's own messages as they were stored: the
 * full answer and the passages it cited, where the platform only keeps a message's rendering
 * (Slack's notification text). Everyone else's messages stay as the platform has them; a bot
 * message without a stored turn (a notice) stays too.
 */
export function withStoredAnswers(
  platformTurns: readonly HistoryTurn[],
  stored: readonly StoredTurn[],
): HistoryTurn[] {
  const answers = stored.filter((turn) => turn.role === 'assistant');
  let next = 0;
  return platformTurns.map((turn) => {
    if (turn.role !== 'assistant') return turn;
    const found = answers.findIndex(
      (answer, index) => index >= next && renders(turn.text, answer.text),
    );
    const answer = answers[found];
    if (answer === undefined) return turn;
    next = found + 1;
    return { role: 'assistant', text: answer.text, citations: answer.citations };
  });
}
