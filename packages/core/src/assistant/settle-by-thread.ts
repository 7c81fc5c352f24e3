import type { HistoryTurn, Interpretation } from '../conversation';
import { contentWords } from '../gate/canard-labels';
import { FUNCTION_WORDS } from '../gate/gate-words';

/** How much a turn counts against the one after it: the latest turns say most. */
const RECENCY_DECAY = 0.8;
/** The winning reading must be mentioned at least this many times as much as any other. */
const DOMINANCE = 1.5;
/** Passages per interpretation whose titles describe it. */
const DESCRIBING_PASSAGES = 3;

export type Settlement = { interpretation: Interpretation; scores: number[] };

/**
 * "When the thread already settles the meaning, answer without asking." A question can be
 * self-contained in form and still settled by its thread: "How many vacation days do I get?"
 * after "I just moved to the Rotterdam office". Each interpretation is described by the words
 * only it has (its wording and its documents' titles, minus the question's words); each thread
 * turn mentions them, the latest counting most. The thread settles the question when one
 * interpretation is mentioned and clearly more than every other; otherwise null (ask).
 */
export function settleByThread(input: {
  question: string;
  interpretations: readonly Interpretation[];
  history: readonly HistoryTurn[];
}): Settlement | null {
  const { interpretations, history } = input;
  if (interpretations.length < 2 || history.length === 0) return null;
  const asked = new Set(contentWords(input.question));
  // A function word names no reading, capitalised or not ("Security Incident Response – How to
  // Report" is not what a quoted "How many vacation days …?" earlier in the thread is about).
  const described = interpretations.map(
    (interpretation) =>
      new Set(
        contentWords(describe(interpretation)).filter(
          (word) => !asked.has(word) && !FUNCTION_WORDS.has(word),
        ),
      ),
  );
  const distinctive = described.map(
    (words, index) =>
      new Set(
        [...words].filter((word) =>
          described.every((other, at) => at === index || !other.has(word)),
        ),
      ),
  );
  const scores = distinctive.map(() => 0);
  history.forEach((turn, index) => {
    const weight = RECENCY_DECAY ** (history.length - 1 - index);
    const words = contentWords(turnText(turn));
    distinctive.forEach((unique, reading) => {
      scores[reading] =
        (scores[reading] ?? 0) + weight * words.filter((word) => unique.has(word)).length;
    });
  });
  const ranked = scores.map((score, index) => ({ score, index })).sort((a, b) => b.score - a.score);
  const [first, second] = ranked;
  if (first === undefined || first.score === 0) return null;
  if (second !== undefined && first.score < DOMINANCE * second.score) return null;
  const interpretation = interpretations[first.index];
  return interpretation === undefined ? null : { interpretation, scores };
}

function describe(interpretation: Interpretation): string {
  const titles = interpretation.passages
    .slice(0, DESCRIBING_PASSAGES)
    .map((passage) => passage.title);
  return [interpretation.interpretation, ...new Set(titles)].join('\n');
}

/**
 * A turn's words, with the titles of what the bot cited in it. Links, e-mail addresses and code
 * are left out: "id.northwind-lattice.example" names no reading, it is where one lives.
 */
function turnText(turn: HistoryTurn): string {
  const cited = (turn.citations ?? []).map((citation) => citation.title);
  const prose = turn.text
    .replace(/`[^`]*`/g, ' ')
    .replace(/\b(?:https?:\/\/|www\.)\S+/gi, ' ')
    .replace(/\S+@\S+\.\S+/g, ' ')
    .replace(/\b[\w-]+(?:\.[\w-]+)+\.(?:example|com|net|org|io|dev)\b\S*/gi, ' ');
  return [prose, ...new Set(cited)].join('\n');
}
