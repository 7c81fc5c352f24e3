import type { Passage } from '@clarify/core';
import { questionAcronyms } from './acronyms';
import { baseForm } from './base-form';
import { affirmedStems, passageStems, type CorpusCounts } from './question-coverage';
import { contentStems, questionWords, termStem } from './question-terms';
import { specificTerms } from './specific-terms';
import { isStopWord } from '../text/stop-words';

// Which retrieved passages may answer at all: they name what the question names, are about the
// version and the kind of thing it asks for, and the question is not a near miss of the pages.

/**
 * The question's common words (written in lower case) that no passage of the knowledge base
 * holds, before one that some do: "sick" in "how many sick days do I get?" when the pages only
 * know annual leave. Such a
 * question asks about something the knowledge base does not cover, however well its other
 * words match (a near miss). Names are left to `withSpecificTerms`; a topic the thread added in
 * brackets ("… (about annual leave)") is not the question's own wording.
 */
export function unknownWords(
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
 * When the question names a version ("Beacon API v2", "Lattice v3"), the pages whose title is
 * about another version only ("Beacon API v1 Reference") do not answer it, however much of it
 * they mention ("new integrations must use v2").
 */
export function ofAskedVersion(question: string, passages: readonly Passage[]): readonly Passage[] {
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
export function ofAskedKind(question: string, passages: readonly Passage[]): readonly Passage[] {
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

/**
 * The passages naming most of what the question names (people, places, products: "Rotterdam",
 * "NWL-Guest"), or none when a name is in no retrieved passage at all: then the question is
 * about something the knowledge base does not cover ("an office in Berlin"), and a passage about
 * the Boston office does not answer it. Numbers and versions ("1971", "v3") are left to
 * coverage: short passages often leave the year or the edition to their title or neighbours.
 */
export function withSpecificTerms(
  question: string,
  passages: readonly Passage[],
): readonly Passage[] {
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
