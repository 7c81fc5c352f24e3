import { isLabel } from '../page/page-facts';
import { procedureSteps } from '../page/steps';
import type {
  InterpretationCandidate,
  InterpretationExtractor,
  Passage,
  ReadingBasis,
  WordFrequencies,
} from '@clarify/core';
import { detectAnswerType, type AnswerType } from './answer-type';
import { givesAskedValue } from './asked-value';
import { contextLabel } from './context-label';
import { mergeLabels } from './merge-labels';
import {
  affirmedStems,
  coverageTerms,
  passageStems,
  questionCoverage,
  type CorpusCounts,
  type QuestionCoverage,
} from './question-coverage';
import { contentStems, questionStems, questionWords, termStem } from './question-terms';
import { specificTerms } from './specific-terms';
import { questionAcronyms } from './acronyms';
import { answerSpan } from './answer-span';
import { sectionVariants } from './section-variants';
import { splitUnits } from './split-units';
import { baseForm } from './base-form';
import { isStopWord } from '../text/stop-words';
import { structuredReadings, type StructuredReading } from './structured-readings';

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
};

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
  const minCoverage = options.minCoverage ?? 0.5;
  const typedMinCoverage = options.typedMinCoverage ?? Math.min(minCoverage, 0.4);
  const relativeCoverage = options.relativeCoverage ?? 0.9;
  const namedRelativeCoverage = options.namedRelativeCoverage ?? 0.6;
  const specificTerms = options.specificTerms ?? 5;
  const novelValueCoverage = options.novelValueCoverage ?? 0.6;
  return {
    async extract({ question, passages, signal }) {
      const corpus = await corpusCounts(options.corpus, question, passages, signal);
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
    },
  };
}

/**
 * The question's common words (written in lower case) that no passage of the knowledge base
 * holds, before one that some do: "sick" in "how many sick days do I get?" when the pages only
 * know annual leave. Such a
 * question asks about something the knowledge base does not cover, however well its other
 * words match (a near miss). Names are left to `withSpecificTerms`; a topic the thread added in
 * brackets ("… (about annual leave)") is not the question's own wording.
 */
function unknownWords(
  question: string,
  passages: readonly Passage[],
  corpus: CorpusCounts,
): string[] {
  const own = question.replace(/\s*\([^)]*\)\s*$/, '');
  const words = own.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
  const stems = passages.map((passage) => passageStems(passage));
  // Words a compound of the passages holds ("gum" of "gum trees" in "Gumtrees") are known.
  const inCompound = (word: string, next: string) =>
    stems.some((held) => held.has(termStem(`${word}${next}`)));
  const known = (word: string | undefined) => (corpus.holding.get(word ?? '') ?? 0) > 0;
  // The unknown word qualifies a noun the pages know ("sick days", "guest Wi-Fi"): the question
  // is a near miss of what they cover. A verb ("sang"), or a word before a verb form ("slogan
  // used"), is a question in other words than theirs.
  const content = new Set(questionWords(own));
  return words.filter((word, index) => {
    const next = words[index + 1]?.toLowerCase();
    return (
      /^\p{Ll}/u.test(word) &&
      content.has(word) &&
      corpus.holding.get(word) === 0 &&
      baseForm(word) === word &&
      !VERB_FORM.test(word) &&
      next !== undefined &&
      !VERB_FORM.test(next) &&
      !isStopWord(next) &&
      known(next) &&
      !inCompound(word, next)
    );
  });
}

const VERB_FORM = /(?:ed|ing)$/;

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

type Answering = {
  passage: Passage;
  unit: string;
  score: number;
  /** A reading by qualifier (a table row, a section) inside the passage's document. */
  reading?: StructuredReading;
};
type Labelled = Answering & { interpretation: string };

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
    const stated = Math.max(0, ...own.map((item) => item.score));
    const stating = Math.max(
      0,
      ...readings.map((reading) => input.coverage.ofText(reading.evidence)),
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

/**
 * When the question names a version ("Beacon API v2", "Lattice v3"), the pages whose title is
 * about another version only ("Beacon API v1 Reference") do not answer it, however much of it
 * they mention ("new integrations must use v2").
 */
function ofAskedVersion(question: string, passages: readonly Passage[]): readonly Passage[] {
  const asked = versionsIn(question);
  if (asked.size === 0) return passages;
  return passages.filter((passage) => {
    const titled = versionsIn(passage.title);
    return titled.size === 0 || [...titled].some((version) => asked.has(version));
  });
}

/**
 * When the question names a kind of thing the way a page's title does ("the hiring freeze",
 * "my VPN password"), pages titled by another kind of the same thing ("Year-End Code Freeze",
 * "Okta Password Reset") do not answer it, however much else of the question they share.
 */
function ofAskedKind(question: string, passages: readonly Passage[]): readonly Passage[] {
  const asked = pairsIn(question);
  const titled = passages.map((passage) => pairsIn(passage.title));
  const kinds = [...asked].filter((pair) => titled.some((pairs) => pairs.has(pair)));
  if (kinds.length === 0) return passages;
  const heads = new Map(kinds.map((pair) => [pair.split(' ')[1] ?? '', pair]));
  const words = new Set(contentStems(question));
  return passages.filter((_, index) => {
    const pairs = [...(titled[index] ?? [])];
    // Another kind is one the question does not name at all: "Partner leave" still answers
    // "how much paid parental leave does a partner get?".
    return !pairs.some((pair) => {
      const [modifier = '', head = ''] = pair.split(' ');
      const kind = heads.get(head);
      return (
        kind !== undefined && kind !== pair && !words.has(modifier) && !titled[index]?.has(kind)
      );
    });
  });
}

/** Adjacent content-word pairs of a text, stemmed: "hire freez" for "Hiring Freeze". */
function pairsIn(text: string): Set<string> {
  const words = text.split(/[^\p{L}\p{N}-]+/u).filter((word) => word !== '');
  const pairs = new Set<string>();
  for (let index = 1; index < words.length; index += 1) {
    const [left] = contentStems(words[index - 1] ?? '');
    const [right] = contentStems(words[index] ?? '');
    if (left !== undefined && right !== undefined && left !== right) pairs.add(`${left} ${right}`);
  }
  return pairs;
}

function versionsIn(text: string): Set<string> {
  return new Set(
    (text.match(/(?<![\p{L}\p{N}])v\d+(?:\.\d+)*(?![\p{L}\p{N}])/giu) ?? []).map((version) =>
      version.toLowerCase(),
    ),
  );
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
 * Each answer's reading: the question specialised by its document's title. Documents
 * distinguish the readings; sections only when every answer is in one document and they are
 * variants of one thing (then its other sections answer no reading). Labels naming one system
 * become one.
 */
function labelReadings(question: string, answers: readonly Answering[]): Labelled[] {
  if (answers.some(({ reading }) => reading !== undefined))
    return labelByQualifier(question, answers);
  const oneDocument = new Set(answers.map(({ passage }) => passage.documentId)).size === 1;
  const variants = oneDocument ? sectionVariants(answers.map(({ passage }) => passage)) : null;
  const byHeading = variants !== null && variants.size > 0;
  const readings = byHeading
    ? answers.filter(({ passage }) => variants.has(passage.chunkId))
    : answers;
  const askedStems = new Set(questionStems(question));
  const labels = readings.map(({ passage }) =>
    contextLabel({ passage, questionStems: askedStems, byHeading }),
  );
  const canonical = mergeLabels(labels);
  const base = question.trim().replace(/[?.!\s]+$/, '');
  const answerType = detectAnswerType(question);
  const named = readings.map((reading, index) => {
    const label = labels[index] ?? '';
    return {
      ...reading,
      label: canonical.get(label) ?? label,
      span: answerSpan(reading.unit, answerType, question),
    };
  });
  // Names and places are read off capitalised words, too loosely to equate two readings.
  const agreed = MEASURED_TYPES.has(answerType) ? sameValueOneReading(named) : named;
  const split = valueSplitLabels(agreed);
  return agreed.map(({ label, span, ...reading }) => {
    const context = span !== null && split.has(label) ? `${label}: ${span}` : label;
    return { ...reading, interpretation: `${base} — ${context}?` };
  });
}

/**
 * Readings by qualifier are labelled by it ("Ireland (Dublin)"), after their document's title
 * when several documents answer; a document answering without one by its title.
 */
function labelByQualifier(question: string, answers: readonly Answering[]): Labelled[] {
  const askedStems = new Set(questionStems(question));
  const base = question.trim().replace(/[?.!\s]+$/, '');
  const readingsOf = new Map<string, number>();
  for (const { passage, reading } of answers) {
    if (reading !== undefined)
      readingsOf.set(passage.documentId, (readingsOf.get(passage.documentId) ?? 0) + 1);
  }
  const documents = new Set(answers.map(({ passage }) => passage.documentId)).size;
  const byQualifier = (answer: Answering) => (readingsOf.get(answer.passage.documentId) ?? 0) > 1;
  // A document with one reading is named by its title, like any document, and titles naming
  // one system are one reading ("VPN (GlobalProtect)" and "GlobalProtect VPN Setup").
  const titles = answers.map((answer) =>
    contextLabel({ passage: answer.passage, questionStems: askedStems, byHeading: false }),
  );
  const canonical = mergeLabels(titles.filter((_, index) => !byQualifier(answers[index]!)));
  return answers.map((answer, index) => {
    const title = titles[index] ?? '';
    const qualifier = answer.reading?.qualifier ?? '';
    // With several documents answering, a reading names its document too: "Rotterdam
    // (Netherlands) › Statutory days" is told apart by the thread as well as by the reader.
    const label = !byQualifier(answer)
      ? (canonical.get(title) ?? title)
      : documents > 1
        ? `${title} › ${qualifier}`
        : qualifier;
    return { ...answer, interpretation: `${base} — ${label}?` };
  });
}

const MEASURED_TYPES: ReadonlySet<AnswerType> = new Set(['date', 'number', 'duration']);

/**
 * Documents that give the same value for what is asked are one reading, not a choice: "March
 * 31, 2027" in the migration guide and in the release process. Each such reading takes the label
 * of the first (best-covered) one; readings without a value keep their own.
 */
function sameValueOneReading<T extends { label: string; span: string | null }>(
  named: readonly T[],
): T[] {
  const labelOf = new Map<string, string>();
  for (const { label, span } of named)
    if (span !== null && !labelOf.has(span)) labelOf.set(span, label);
  const spansOf = new Map<string, Set<string>>();
  for (const { label, span } of named) {
    if (span !== null) spansOf.set(label, (spansOf.get(label) ?? new Set()).add(span));
  }
  return named.map((reading) => {
    // A label whose passages give several values stays as it is (valueSplitLabels decides).
    if (reading.span === null || (spansOf.get(reading.label)?.size ?? 0) > 1) return reading;
    return { ...reading, label: labelOf.get(reading.span) ?? reading.label };
  });
}

/**
 * Labels that stand for several readings: shared by different documents (records of a corpus,
 * encyclopedia passages of one article) that give different values for what is asked ("Ruth
 * Madoc" in the 1971 film, "Jessica Vosk" in the 2015 revival). Passages of one document that
 * give different values are parts of one answer, not readings.
 */
function valueSplitLabels(
  named: ReadonlyArray<{ label: string; span: string | null; passage: Passage }>,
): Set<string> {
  const documents = new Map<string, Set<string>>();
  const values = new Map<string, Set<string>>();
  for (const { label, span, passage } of named) {
    documents.set(label, (documents.get(label) ?? new Set()).add(passage.documentId));
    if (span !== null) values.set(label, (values.get(label) ?? new Set()).add(span));
  }
  return new Set(
    [...documents]
      .filter(([label, ids]) => ids.size > 1 && (values.get(label)?.size ?? 0) > 1)
      .map(([label]) => label),
  );
}

/**
 * One reading, one answer: the best sentence among all its passages (each keeps its own as
 * evidence), so an option's preview is the reading's best, not its first passage's.
 */
function oneAnswerPerReading(labelled: readonly Labelled[]): InterpretationCandidate[] {
  const answerOf = new Map<string, { unit: string; score: number }>();
  for (const { interpretation, unit: evidence, score, reading } of labelled) {
    const unit = reading?.answer ?? evidence;
    const current = answerOf.get(interpretation);
    if (current === undefined || score > current.score)
      answerOf.set(interpretation, { unit, score });
  }
  const basisOf = new Map<string, ReadingBasis>();
  for (const { interpretation, reading } of labelled) {
    if (reading !== undefined && !basisOf.has(interpretation))
      basisOf.set(interpretation, basis(reading));
  }
  return labelled.map(({ interpretation, passage, unit }) => ({
    interpretation,
    answer: answerOf.get(interpretation)?.unit ?? unit,
    evidence: unit,
    passage,
    basis: basisOf.get(interpretation) ?? { source: 'statement' },
  }));
}

function basis(reading: StructuredReading): ReadingBasis {
  return {
    source: reading.source,
    qualifier: reading.qualifier,
    ...(reading.dimension !== '' && { dimension: reading.dimension }),
  };
}

/**
 * The passages naming most of what the question names (people, places, products: "Rotterdam",
 * "NWL-Guest"), or none when a name is in no retrieved passage at all: then the question is
 * about something the knowledge base does not cover ("an office in Berlin"), and a passage about
 * the Boston office does not answer it. Numbers and versions ("1971", "v3") are left to
 * coverage: short passages often leave the year or the edition to their title or neighbours.
 */
function withSpecificTerms(question: string, passages: readonly Passage[]): readonly Passage[] {
  const names = specificTerms(question).filter((term) => /^\p{L}{2,}$/u.test(term));
  if (names.length === 0) return passages;
  const acronyms = questionAcronyms(question);
  const stemSets = passages.map((passage) => passageStems(passage, acronyms));
  if (names.some((name) => !stemSets.some((stems) => stems.has(name)))) return [];
  // Counted where the passage states them: a page that names the VPN only to say it is not
  // about the VPN does not answer a question about the VPN when another page does.
  const counts = passages
    .map((passage) => affirmedStems(passage, acronyms))
    .map((stems) => names.filter((name) => stems.has(name)).length);
  const most = Math.max(0, ...counts);
  return passages.filter((_, index) => counts[index] === most);
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
