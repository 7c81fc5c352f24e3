import type {
  ExtractionResult,
  InterpretationExtractor,
  Passage,
  WordFrequencies,
} from '@clarify/core';
import { isLabel } from '../page/page-facts';
import { procedureSteps } from '../page/steps';
import type { Answering } from './answering';
import { answerSpan } from './answer-span';
import { detectAnswerType, type AnswerType } from './answer-type';
import { givesAskedValue } from './asked-value';
import { labelReadings, oneAnswerPerReading } from './label-readings';
import { ofAskedKind, ofAskedVersion, unknownWords, withSpecificTerms } from './page-filters';
import {
  coverageTerms,
  questionCoverage,
  type CorpusCounts,
  type QuestionCoverage,
} from './question-coverage';
import { contentStems, questionStems } from './question-terms';
import { splitUnits } from './split-units';
import { structuredReadings } from './structured-readings';

export type OfflineExtractorOptions = {
  /** Share of the question's (IDF-weighted) terms a passage must contain to answer it. */
  minCoverage?: number;
  /**
   * The same share when the question asks for a typed value (a name, date, number, place,
   * duration or frequency) that the passage must also give.
   */
  typedMinCoverage?: number;
  /**
   * Share of the best passage's coverage a passage must reach: a reading of the question is
   * one that matches it about as fully as the best match does, not one that shares a word.
   */
  relativeCoverage?: number;
  /**
   * The same share for a passage about something the question names: its document's title is
   * all in the question ("Baywatch (film)" for "who played Matt Brody on Baywatch?"). Such a
   * passage is about the asked subject, so a partial match is still one of its readings.
   */
  namedRelativeCoverage?: number;
  /**
   * Share of the best passage's coverage down to which a passage still answers an open "who"
   * question when it names someone no better-covered passage names.
   */
  novelValueCoverage?: number;
  /**
   * Content words from which a question counts as specific: it has said what it means, and
   * each passage needs one step more: a passage about what it names needs `relativeCoverage`,
   * any other passage covering it as fully as the best one.
   */
  specificTerms?: number;
  /**
   * How common each word is across the knowledge base: the question's words are weighted by
   * it. Without it (or when counting fails), by how common they are among the retrieved
   * passages.
   */
  corpus?: WordFrequencies;
  /**
   * Where the readings are worked out once the words are counted: in this thread by default,
   * or elsewhere (a pool of worker threads, so that a chat app's event loop stays free).
   */
  read?: ReadReadings;
};

/** The thresholds of `readReadings`: plain numbers, so they travel to a worker thread. */
export type ReadingThresholds = Omit<OfflineExtractorOptions, 'corpus' | 'read'>;

/** What `readReadings` works on: plain data, so it travels to a worker thread. */
export type ReadingsInput = {
  question: string;
  passages: readonly Passage[];
  corpus: CorpusCounts | undefined;
  thresholds: ReadingThresholds;
};

export type ReadReadings = (input: ReadingsInput) => Promise<ExtractionResult>;

/**
 * An answer is the paragraph holding the value when the paragraph is this short, else its best
 * sentence: encyclopedic and policy paragraphs often give the value in one sentence ("James and
 * Oliver Phelps are English actors.") and what the question asks in the next ("They are known for
 * playing Fred and George Weasley.").
 */
const PARAGRAPH_CHARS = 800;

/**
 * The offline stage 5: lexical answerability instead of an LLM. A passage answers the question
 * when it covers enough of the question's terms (weighted by how rare each is in the knowledge
 * base, `corpus`) and gives a value of the asked-for type (who → a name, how many → a
 * number, …). The interpretation is the question specialised by what distinguishes the
 * passage (its title or heading); the answer is its best supporting paragraph or sentence.
 */
export function createOfflineInterpretationExtractor(
  options: OfflineExtractorOptions = {},
): InterpretationExtractor {
  const { corpus: frequencies, read, ...thresholds } = options;
  const readHere: ReadReadings = (input) => Promise.resolve(readReadings(input));
  return {
    async extract({ question, passages, signal }) {
      const corpus = await corpusCounts(frequencies, question, passages, signal);
      return (read ?? readHere)({ question, passages, corpus, thresholds });
    },
  };
}

/**
 * Stage 5's work once the words are counted: pure and synchronous, the CPU-bound part of an
 * offline answer (a worker pool runs it off a chat app's event loop).
 */
export function readReadings(input: ReadingsInput): ExtractionResult {
  const { question, passages, corpus, thresholds } = input;
  const minCoverage = thresholds.minCoverage ?? 0.5;
  const typedMinCoverage = thresholds.typedMinCoverage ?? Math.min(minCoverage, 0.4);
  const relativeCoverage = thresholds.relativeCoverage ?? 0.9;
  const namedRelativeCoverage = thresholds.namedRelativeCoverage ?? 0.6;
  const specificTerms = thresholds.specificTerms ?? 5;
  const novelValueCoverage = thresholds.novelValueCoverage ?? 0.6;
  if (corpus !== undefined && unknownWords(question, passages, corpus).length > 0) {
    return {
      candidates: [],
      abstained: passages.length,
      llmCalls: 0,
      usage: { promptTokens: 0, completionTokens: 0 },
      labelled: true,
    };
  }
  const specific = new Set(questionStems(question)).size >= specificTerms;
  const answers = answeringPassages({
    question,
    passages,
    coverage: questionCoverage(question, passages, { corpus }),
    minCoverage,
    typedMinCoverage,
    relativeCoverage: specific ? 1 : relativeCoverage,
    namedRelativeCoverage: specific ? relativeCoverage : namedRelativeCoverage,
    novelValueCoverage: specific ? 1 : novelValueCoverage,
  });
  const candidates = oneAnswerPerReading(labelReadings(question, answers));
  return {
    candidates,
    abstained: passages.length - candidates.length,
    llmCalls: 0,
    usage: { promptTokens: 0, completionTokens: 0 },
    labelled: true,
  };
}

/**
 * How many passages of the knowledge base hold each word the question is weighed by, or
 * undefined without `frequencies` or when counting fails: then the retrieved passages weigh the
 * words instead (RELIABILITY: a failing statistic degrades the answer, not the reply).
 */
async function corpusCounts(
  frequencies: WordFrequencies | undefined,
  question: string,
  passages: readonly Passage[],
  signal: AbortSignal | undefined,
): Promise<CorpusCounts | undefined> {
  if (frequencies === undefined) return undefined;
  const words = coverageTerms(question, passages).map(({ word }) => word);
  if (words.length === 0) return undefined;
  try {
    const counts = await frequencies.count(words, { signal });
    return {
      passages: counts.passages,
      holding: new Map(words.map((word, index) => [word, counts.holding[index] ?? null])),
    };
  } catch {
    signal?.throwIfAborted();
    return undefined;
  }
}

/**
 * The passages that answer a reading of the question, each with its best unit: they name
 * what the question names, cover enough of its words (and nearly as much as the best passage,
 * or name someone no better-covered passage names), and give a value of the asked-for type.
 */
function answeringPassages(input: {
  question: string;
  passages: readonly Passage[];
  coverage: QuestionCoverage;
  minCoverage: number;
  typedMinCoverage: number;
  relativeCoverage: number;
  namedRelativeCoverage: number;
  novelValueCoverage: number;
}): Answering[] {
  const { question, passages, coverage } = input;
  const answerType = detectAnswerType(question);
  const eligible = coverage.hasTerms
    ? ofAskedKind(question, ofAskedVersion(question, withSpecificTerms(question, passages)))
    : [];
  const covered = eligible.map((passage) => ({ passage, coverage: coverage.ofPassage(passage) }));
  const best = Math.max(0, ...covered.map((item) => item.coverage));
  // A passage giving a value of the asked-for type (a name for "who", a year for "when") needs
  // less of the question's wording than one answering an open "what is …".
  const typed = answerType !== 'any' && answerType !== 'procedure';
  const minimum = typed ? input.typedMinCoverage : input.minCoverage;
  const asked = new Set(questionStems(question));
  const floorOf = (passage: Passage) => {
    const relative = namesTitle(passage, asked)
      ? input.namedRelativeCoverage
      : input.relativeCoverage;
    return Math.max(minimum, best * relative);
  };
  const answer = (passage: Passage) =>
    bestAnswer({ passage, coverage, answerType, question, minimum });
  const answered = covered.flatMap((item) => {
    if (item.coverage < floorOf(item.passage)) return [];
    const found = answer(item.passage);
    return found === null ? [] : [{ passage: item.passage, ...found }];
  });
  const kept = withStructuredReadings(procedureAnswers(answered, answerType), {
    question,
    passages,
    coverage,
    answerType,
    minimum,
  });
  if (answerType !== 'person' || input.novelValueCoverage >= input.relativeCoverage) return kept;
  // An open "who" question's passage that names someone no better-covered passage names is
  // another reading even when it covers less: "Amerie covered I'm Coming Out" next to Diana
  // Ross's song. Numbers and dates are left out: policies are full of other numbers ("8 % of
  // pensionable salary" is no reading of "how many vacation days").
  const below = covered
    .filter(
      (item) =>
        item.coverage < floorOf(item.passage) &&
        item.coverage >= Math.max(minimum, best * input.novelValueCoverage),
    )
    .sort((left, right) => right.coverage - left.coverage);
  return withNovelValues(kept, below, answer, (unit) => answerSpan(unit, answerType, question));
}

/**
 * For "how do I …", the pages whose best answer does the asked thing nearly as fully as the best
 * page's steps do: a page that mentions the network password only to say its PINs are separate
 * ("To reset a forgotten badge PIN, visit the Security desk") is no way to reset it.
 */
function procedureAnswers(answered: readonly Answering[], answerType: AnswerType): Answering[] {
  if (answerType !== 'procedure') return [...answered];
  const best = Math.max(0, ...answered.map((item) => item.score));
  return answered.filter((item) => item.score >= best * PROCEDURE_RELATIVE);
}

/** Share of the best page's answer coverage another page's answer needs for "how do I …". */
const PROCEDURE_RELATIVE = 0.6;

/**
 * Each answering document's readings by qualifier (its table rows or sibling sections for what
 * is asked, `structuredReadings`) in place of its answering passages; documents without them
 * keep their passages' best statements.
 */
function withStructuredReadings(
  answered: readonly Answering[],
  input: Omit<Parameters<typeof structuredReadings>[0], 'passages'> & {
    passages: readonly Passage[];
  },
): Answering[] {
  const documents = [...new Set(answered.map(({ passage }) => passage.documentId))];
  return documents.flatMap((documentId): Answering[] => {
    const readings = structuredReadings({
      ...input,
      passages: input.passages.filter((passage) => passage.documentId === documentId),
    });
    const own = answered.filter((other) => other.passage.documentId === documentId);
    // Readings by qualifier stand for the document only when one of them states what is asked
    // as fully as its best statement does: a list of local rules ("Rotterdam: Dutch law
    // requires …") does not replace "A PIP usually lasts 60 days".
    // Each is read under its headings: a table row under "API limits" states "the API rate
    // limit" as fully as a sentence of that section does.
    const underHeadings = (passage: Passage, text: string) =>
      input.coverage.ofText(`${passage.headingPath.join('\n')}\n${text}`);
    const stated = Math.max(0, ...own.map((item) => underHeadings(item.passage, item.unit)));
    const stating = Math.max(
      0,
      ...readings.map((reading) => underHeadings(reading.passage, reading.evidence)),
    );
    if (readings.length === 0 || stating < stated) return own;
    const found = readings.map((reading) => ({
      passage: reading.passage,
      unit: reading.evidence,
      score: reading.score,
      reading,
    }));
    // The document's one reading is supported by its other answering passages too (they count
    // towards its support and are cited with it); its value is the reading's.
    const [only] = found;
    if (found.length > 1 || only === undefined) return found;
    return [
      only,
      ...own
        .filter((other) => other.passage.chunkId !== only.passage.chunkId)
        .map((other) => ({ ...other, score: 0 })),
    ];
  });
}

/** Whether every content word of the passage's document title is one the question asks. */
function namesTitle(passage: Passage, asked: ReadonlySet<string>): boolean {
  const title = contentStems(passage.title);
  return title.length > 0 && title.every((stem) => asked.has(stem));
}

/**
 * `kept`, plus each passage of `below` (best covered first) whose answer gives a value that
 * neither `kept` nor a better-covered passage of `below` gives.
 */
function withNovelValues(
  kept: Answering[],
  below: ReadonlyArray<{ passage: Passage; coverage: number }>,
  answer: (passage: Passage) => { unit: string; score: number } | null,
  valueOf: (unit: string) => string | null,
): Answering[] {
  const given = new Set(kept.map(({ unit }) => valueOf(unit)));
  const added: Answering[] = [];
  for (const { passage } of below) {
    const found = answer(passage);
    const value = found === null ? null : valueOf(found.unit);
    if (found === null || value === null || given.has(value)) continue;
    given.add(value);
    added.push({ passage, ...found });
  }
  return [...kept, ...added];
}

/**
 * The passage's best paragraph or sentence giving a value of the asked-for type, or null when it
 * has none. A sentence sharing none of the question's words still answers when the passage's
 * title and headings alone cover the question (`minimum`): they say what it is about ("Back to
 * You (Selena Gomez song)": "The track was released on May 10, 2018.").
 */
function bestAnswer(input: {
  passage: Passage;
  coverage: QuestionCoverage;
  answerType: AnswerType;
  question: string;
  minimum: number;
}): { unit: string; score: number } | null {
  const { passage } = input;
  let best: { unit: string; score: number } | null = null;
  for (const unit of splitUnits(passage.text, { paragraphChars: PARAGRAPH_CHARS })) {
    // A question in the text (an FAQ entry) is not an answer, nor is a label ("Opening hours").
    if (unit.endsWith('?') || isLabel(unit)) continue;
    if (!givesAskedValue(unit, input.answerType, input.question)) continue;
    const overlap = input.coverage.ofText(unit);
    // Strictly greater: the earlier sentence of a section, which usually states the rule, wins ties.
    if (best === null || overlap > best.score) best = { unit, score: overlap };
  }
  // "How do I …" is answered by the steps, whole, when a numbered list covers it as well as
  // the best single unit does, read with the title and headings it sits under ("Resetting Your
  // Network Password › Reset it yourself").
  if (input.answerType === 'procedure') {
    for (const steps of procedureSteps(passage.text, PARAGRAPH_CHARS)) {
      const where = [passage.title, ...passage.headingPath, steps.heading].join('\n');
      const overlap = input.coverage.ofText(`${where}\n${steps.text}`);
      if (overlap > 0 && (best === null || overlap >= best.score))
        best = { unit: steps.text, score: overlap };
    }
  }
  if (best === null || best.score > 0) return best;
  const { title, headingPath } = input.passage;
  // An open question is answered by the title alone only in a passage that is all about its
  // title (an encyclopedia entry), not in a section of a page ("Questions: ask People
  // Operations" under "Mileage Rates").
  const open = input.answerType === 'any' || input.answerType === 'procedure';
  if (open && headingPath.some((heading) => heading !== title)) return null;
  return input.coverage.ofText([title, ...headingPath].join('\n')) >= input.minimum ? best : null;
}
