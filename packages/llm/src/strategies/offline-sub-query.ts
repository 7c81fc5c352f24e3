import type { Passage } from '@clarify/core';
import { contextLabel, isStopWord, questionStems, stem } from '@clarify/offline';

/** Most distinctive words a sub-query adds to the question. */
const MAX_WORDS = 3;

/**
 * ADF's sub-query without a model: the question specialised with the words of the cluster's
 * titles and headings that no other retrieved passage's titles or headings have and the
 * question does not already say ("How do I reset my password — VPN GlobalProtect?"); most
 * frequent in the cluster first. Without such words, the best passage's title as the offline
 * extractor labels it.
 */
export function offlineSubQuery(input: {
  question: string;
  cluster: readonly Passage[];
  others: readonly Passage[];
}): string {
  const asked = new Set(questionStems(input.question));
  const elsewhere = new Set(input.others.flatMap((passage) => [...labelWords(passage).keys()]));
  const counts = new Map<string, { word: string; count: number; first: number }>();
  for (const passage of input.cluster) {
    for (const [key, word] of labelWords(passage)) {
      if (asked.has(key) || elsewhere.has(key)) continue;
      const entry = counts.get(key) ?? { word, count: 0, first: counts.size };
      entry.count += 1;
      counts.set(key, entry);
    }
  }
  const words = [...counts.values()]
    .sort((left, right) => right.count - left.count || left.first - right.first)
    .slice(0, MAX_WORDS)
    .map((entry) => entry.word);
  const best = input.cluster[0];
  const label =
    words.length > 0 || best === undefined
      ? words.join(' ')
      : contextLabel({ passage: best, questionStems: asked, byHeading: false });
  const base = input.question.trim().replace(/[?.!\s]+$/, '');
  return label === '' ? `${base}?` : `${base} — ${label}?`;
}

/** The content words of a passage's title and headings: stem → the word as first written. */
function labelWords(passage: Passage): Map<string, string> {
  const words = new Map<string, string>();
  for (const text of [passage.title, ...passage.headingPath]) {
    for (const raw of text.split(/\s+/)) {
      const word = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
      const bare = word
        .toLowerCase()
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '');
      if (word === '' || isStopWord(bare)) continue;
      const key = stem(bare);
      if (!words.has(key)) words.set(key, word);
    }
  }
  return words;
}
