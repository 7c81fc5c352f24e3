import type { Passage } from '@clarify/core';
import { questionAcronyms, withSpelledOut, type Acronym } from './acronyms';
import { compoundAwareTerms, writtenTerms, type QuestionTerm } from './compound-terms';
import { contentStems } from './question-terms';
import { synonymStems } from './workplace-synonyms';
import { splitUnits } from './split-units';

/**
 * How much of a question a text covers: the share of the question's content words it holds,
 * each weighted by how rare it is — across the whole knowledge base when its counts are given
 * (`corpus`), else among the retrieved passages — so a rare word ("GlobalProtect",
 * "heartbeat") counts more than a common one ("password", "second").
 */
export type QuestionCoverage = {
  /** Coverage (0–1) of a passage: its title and headings count with its text. */
  ofPassage(passage: Passage): number;
  /** Coverage (0–1) of one sentence. */
  ofText(text: string): number;
  /** Whether the question has any content word to cover. */
  readonly hasTerms: boolean;
};

/**
 * How many passages of the knowledge base there are, and how many hold each written word
 * (null: the index does not count it, a stop word to it).
 */
export type CorpusCounts = { passages: number; holding: ReadonlyMap<string, number | null> };

export type CoverageOptions = {
  /**
   * Match compounds by their parts and word pairs by their compound (`compoundAwareTerms`);
   * else the question's words as written. Default true.
   */
  compounds?: boolean;
  /** Count a word the text says in other workplace words (`synonymStems`). Default true. */
  synonyms?: boolean;
  corpus?: CorpusCounts;
};

/** The terms `questionCoverage` weighs, with the words to count them by in the corpus. */
export function coverageTerms(
  question: string,
  passages: readonly Passage[],
  options: Pick<CoverageOptions, 'compounds'> = {},
): QuestionTerm[] {
  if (options.compounds === false) return writtenTerms(question);
  const acronyms = questionAcronyms(question);
  return compoundAwareTerms(
    question,
    passages.map((passage) => passageStems(passage, acronyms)),
  );
}

export function questionCoverage(
  question: string,
  passages: readonly Passage[],
  options: CoverageOptions = {},
): QuestionCoverage {
  const acronyms = questionAcronyms(question);
  const weight = termWeight(passages, acronyms, options.corpus);
  const weights = new Map<string, number>();
  for (const term of coverageTerms(question, passages, options))
    weights.set(term.term, weight(term));
  const total = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
  const synonyms = options.synonyms !== false;
  const share = (present: ReadonlySet<string>) => {
    if (total === 0) return 0;
    let sum = 0;
    for (const [term, weight] of weights) {
      // A word the text says in other words counts too ("score" in "the pass mark is 84%").
      if (present.has(term) || (synonyms && synonymStems(term).some((other) => present.has(other))))
        sum += weight;
    }
    return sum / total;
  };
  return {
    ofPassage: (passage) => share(passageStems(passage, acronyms)),
    ofText: (text) => share(withSpelledOut(new Set(contentStems(text)), text, acronyms)),
    hasTerms: total > 0,
  };
}

/** Words in more than half the passages still count a little (BM25's IDF would go negative). */
const MIN_WEIGHT = 0.05;

/**
 * How much a term says about which passage answers: its BM25 inverse document frequency in the
 * knowledge base when `corpus` counts are given, else its inverse frequency among `passages`.
 */
function termWeight(
  passages: readonly Passage[],
  acronyms: readonly Acronym[],
  corpus: CorpusCounts | undefined,
): (term: QuestionTerm) => number {
  const stemSets = passages.map((passage) => passageStems(passage, acronyms));
  const retrievedShare = (term: string) =>
    (stemSets.filter((stems) => stems.has(term)).length + 1) / (passages.length + 1);
  if (corpus !== undefined && corpus.passages > 0) {
    const total = corpus.passages;
    return ({ term, word }) => {
      // A word the index does not count (a stop word to Postgres: "out" of "come out") is
      // estimated by its share of the retrieved passages, which overstates it if anything.
      const holding = Math.min(total, corpus.holding.get(word) ?? total * retrievedShare(term));
      return Math.max(MIN_WEIGHT, Math.log((total - holding + 0.5) / (holding + 0.5)));
    };
  }
  return ({ term }) => Math.log(1 + 1 / retrievedShare(term));
}

/**
 * The stems a passage states rather than denies: its title and headings, and its sentences
 * without a negation. "It is **not** your VPN (network) password" names the VPN only to say
 * the page is not about it.
 */
export function affirmedStems(passage: Passage, acronyms: readonly Acronym[] = []): Set<string> {
  const affirmed = splitUnits(passage.text).filter((unit) => !NEGATION.test(unit));
  return textStems(
    `${passage.title}\n${passage.headingPath.join('\n')}\n${affirmed.join('\n')}`,
    acronyms,
  );
}

const NEGATION = /\b(?:not|never|no longer|isn't|aren't|doesn't|don't|cannot|can't|won't)\b/i;

/**
 * The stems of a passage's title, headings and text, with each of the question's `acronyms`
 * the passage spells out ("paid time off" holds "PTO").
 */
export function passageStems(
  passage: Passage,
  acronyms: readonly Acronym[] = [],
): ReadonlySet<string> {
  const key = acronyms.map(({ letters }) => letters).join(' ');
  const cached = stemCache.get(passage)?.get(key);
  if (cached !== undefined) return cached;
  const stems = textStems(
    `${passage.title}\n${passage.headingPath.join('\n')}\n${passage.text}`,
    acronyms,
  );
  const byAcronyms = stemCache.get(passage) ?? new Map<string, Set<string>>();
  stemCache.set(passage, byAcronyms.set(key, stems));
  return stems;
}

/** Passages are read many times per question (coverage, names, compounds): stemmed once. */
const stemCache = new WeakMap<Passage, Map<string, Set<string>>>();

function textStems(text: string, acronyms: readonly Acronym[]): Set<string> {
  return withSpelledOut(new Set(contentStems(text)), text, acronyms);
}
