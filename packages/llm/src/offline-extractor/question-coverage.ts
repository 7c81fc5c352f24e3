import type { Passage } from '@clarify/core';
import { questionAcronyms, withSpelledOut, type Acronym } from './acronyms';
import { compoundAwareTerms } from './compound-terms';
import { contentStems, questionStems } from './question-terms';
import { splitUnits } from './split-units';

/**
 * How much of a question a text covers: the share of the question's content words it holds,
 * each weighted by its inverse document frequency among the retrieved passages, so a rare
 * word ("GlobalProtect") counts more than one every passage has ("password").
 */
export type QuestionCoverage = {
  /** Coverage (0–1) of a passage: its title and headings count with its text. */
  ofPassage(passage: Passage): number;
  /** Coverage (0–1) of one sentence. */
  ofText(text: string): number;
  /** Whether the question has any content word to cover. */
  readonly hasTerms: boolean;
};

export function questionCoverage(
  question: string,
  passages: readonly Passage[],
  options: { compounds?: boolean } = {},
): QuestionCoverage {
  const acronyms = questionAcronyms(question);
  const stemSets = passages.map((passage) => passageStems(passage, acronyms));
  const terms =
    options.compounds === false ? questionStems(question) : compoundAwareTerms(question, stemSets);
  const weights = new Map<string, number>();
  for (const term of terms) {
    const frequency = stemSets.filter((stems) => stems.has(term)).length;
    weights.set(term, Math.log(1 + (passages.length + 1) / (frequency + 1)));
  }
  const total = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
  const share = (present: ReadonlySet<string>) => {
    if (total === 0) return 0;
    let sum = 0;
    for (const [term, weight] of weights) if (present.has(term)) sum += weight;
    return sum / total;
  };
  return {
    ofPassage: (passage) => share(passageStems(passage, acronyms)),
    ofText: (text) => share(withSpelledOut(new Set(contentStems(text)), text, acronyms)),
    hasTerms: total > 0,
  };
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
export function passageStems(passage: Passage, acronyms: readonly Acronym[] = []): Set<string> {
  return textStems(
    `${passage.title}\n${passage.headingPath.join('\n')}\n${passage.text}`,
    acronyms,
  );
}

function textStems(text: string, acronyms: readonly Acronym[]): Set<string> {
  return withSpelledOut(new Set(contentStems(text)), text, acronyms);
}
