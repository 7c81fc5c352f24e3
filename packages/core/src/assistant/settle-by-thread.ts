import type { HistoryTurn, Interpretation } from '../conversation';
import { contentWords } from '../gate/content-words';
import { FUNCTION_WORDS } from '../gate/gate-words';

/** How much a turn counts against the one after it: the latest turns say most. */
const RECENCY_DECAY = 0.8;
/** The winning reading must be mentioned at least this many times as much as any other. */
const DOMINANCE = 1.5;
/** Words of a reading a turn must use to name it fully (fewer name it in part). */
const FULL_NAME_WORDS = 2;
/** Passages per interpretation whose titles describe it. */
const DESCRIBING_PASSAGES = 3;

/**
 * What the thread says about the readings: it settles one (`settled`), or names some of them
 * and not the others (`narrowed`, the ones it names, best first).
 */
export type Settlement =
  | { kind: 'settled'; interpretation: Interpretation; scores: number[] }
  | { kind: 'narrowed'; interpretations: Interpretation[]; scores: number[] };

/**
 * The places a text names, as one name each ("Dublin", "Irish" → "Ireland"), for readings by
 * country or office: a thread about "our Auckland clinic" is about New Zealand.
 */
export type PlacesIn = (text: string) => ReadonlySet<string>;

/**
 * Words about the calendar, not about a subject: "the turn of the year" names no "Year-End
 * Code Freeze", "next month" no "Monthly Report".
 */
const CALENDAR_WORDS: ReadonlySet<string> = new Set(
  `year years yearly month months monthly week weeks weekly day days daily today tomorrow
  yesterday time times end start new next last first soon now`.split(/\s+/),
);

/**
 * "When the thread already settles the meaning, answer without asking." A question can be
 * self-contained in form and still settled by its thread: "How many vacation days do I get?"
 * after "I just moved to the Rotterdam office". Each interpretation is described by its words that
 * no other document's reading has (its wording and its documents' titles, minus the question's); each thread
 * turn names some of them or none, the latest counting most. The thread settles the question when one
 * interpretation is mentioned and clearly more than every other. When it mentions several
 * alike, or some and not the others, it narrows the question to those; when it mentions none
 * (it is about something else), null: ask among all of them.
 */
export function settleByThread(input: {
  question: string;
  interpretations: readonly Interpretation[];
  history: readonly HistoryTurn[];
  placesIn?: PlacesIn;
}): Settlement | null {
  const { interpretations, history } = input;
  if (interpretations.length < 2 || history.length === 0) return null;
  // Readings are named by their own words first ("Boston" names the Boston row); only when the
  // thread names none of them so are places read as their countries ("our Auckland clinic"
  // names the New Zealand row) — else "Boston" would name every US city of a table.
  const byWords = threadScores(input, () => '');
  const placesIn = input.placesIn;
  const scores =
    Math.max(...byWords) > 0 || placesIn === undefined
      ? byWords
      : threadScores(input, (text) => [...placesIn(text)].join('\n'));
  const ranked = scores.map((score, index) => ({ score, index })).sort((a, b) => b.score - a.score);
  const [first, second] = ranked;
  if (first === undefined || first.score === 0) return null;
  if (second !== undefined && first.score < DOMINANCE * second.score) {
    // The readings named about as much as the most named one; those named clearly less (by
    // a word in passing) are left out.
    const named = ranked.filter(({ score }) => score > 0 && score * DOMINANCE >= first.score);
    if (named.length === interpretations.length) return null;
    return {
      kind: 'narrowed',
      interpretations: named.flatMap(({ index }) => interpretations[index] ?? []),
      scores,
    };
  }
  const interpretation = interpretations[first.index];
  return interpretation === undefined ? null : { kind: 'settled', interpretation, scores };
}

/**
 * How much the thread names each reading: per turn, by one of the words only it (or its
 * document) has, fully by two, the latest turn counting most. `places` adds the places a text
 * names as words (their countries).
 */
function threadScores(
  input: {
    question: string;
    interpretations: readonly Interpretation[];
    history: readonly HistoryTurn[];
  },
  places: (text: string) => string,
): number[] {
  const { interpretations, history } = input;
  const asked = new Set(contentWords(input.question));
  // A function word names no reading, capitalised or not ("Security Incident Response – How to
  // Report" is not what a quoted "How many vacation days …?" earlier in the thread is about).
  const described = interpretations.map(
    (interpretation) =>
      new Set(
        contentWords(
          `${describe(interpretation)}\n${places(interpretation.interpretation)}`,
        ).filter(
          (word) => !asked.has(word) && !FUNCTION_WORDS.has(word) && !CALENDAR_WORDS.has(word),
        ),
      ),
  );
  // A word names a reading when no reading of another document has it, and not every reading
  // does: "Performance Improvement Plans" names both readings of that page (its Rotterdam and
  // Bengaluru rules), and "customer", in two pages' titles, names none.
  const documents = interpretations.map(
    (interpretation) => new Set(interpretation.passages.map((passage) => passage.documentId)),
  );
  const sharesDocument = (left: number, right: number) =>
    [...(documents[left] ?? [])].some((id) => documents[right]?.has(id));
  const distinctive = described.map(
    (words, index) =>
      new Set(
        [...words].filter(
          (word) =>
            described.some((other) => !other.has(word)) &&
            described.every(
              (other, at) => at === index || !other.has(word) || sharesDocument(index, at),
            ),
        ),
      ),
  );
  const scores = distinctive.map(() => 0);
  // The readings the person's last turn named: the bot's reply to it elaborates on those, it
  // does not move the thread elsewhere ("I just moved to Rotterdam" answered from the Boston
  // page is still about Rotterdam).
  let userNamed: ReadonlySet<number> = new Set();
  history.forEach((turn, index) => {
    const weight = RECENCY_DECAY ** (history.length - 1 - index);
    const text = turnText(turn);
    const words = contentWords(`${text}\n${places(text)}`);
    const named = distinctive.map((unique) => {
      // A turn names a reading by one of its words, fully by two: how often it repeats them
      // says nothing more ("API v1 … v1 is deprecated" names v1 no more than v2), and one word
      // a reading shares with the turn by chance ("HR Business Partner" and "Product
      // Integration Partner Program") names it less than its whole name does.
      const shared = new Set(words.filter((word) => unique.has(word))).size;
      return Math.min(1, shared / Math.min(unique.size, FULL_NAME_WORDS));
    });
    const heard = turn.role === 'assistant' && userNamed.size > 0 ? userNamed : null;
    named.forEach((amount, reading) => {
      if (amount > 0 && (heard === null || heard.has(reading)))
        scores[reading] = (scores[reading] ?? 0) + weight * amount;
    });
    if (turn.role === 'user')
      userNamed = new Set(named.flatMap((amount, reading) => (amount > 0 ? [reading] : [])));
  });
  return scores;
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
  return [withoutWhereFrom(prose), ...new Set(cited)].join('\n');
}

/** A move, a transfer, a migration: what follows its "from" is left behind. */
const MOVE =
  /\b(?:mov(?:e|es|ed|ing)|transferr?(?:ed|ing|s)?|relocat\w*|migrat\w*|switch\w*|upgrad\w*)\b/i;
const WHERE_FROM = /\bfrom\s+[^.,;:!?\n]*?(?=\s+(?:to|into|onto|and|but|so)\b|[.,;:!?\n]|$)/gi;

/**
 * A turn without the place, version or team it says the speaker moved away from: "I just
 * transferred to the Rotterdam office from Boston" is about Rotterdam, "we're migrating from
 * API v1 to v2" about v2.
 */
function withoutWhereFrom(text: string): string {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => (MOVE.test(sentence) ? sentence.replace(WHERE_FROM, ' ') : sentence))
    .join(' ');
}
