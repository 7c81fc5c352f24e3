import type { HistoryTurn } from '@clarify/core';
import { isStopWord, stem, tokenize } from '@clarify/offline';
import { findMentions, type MentionKind } from './find-mentions';
import { FILLER_WORDS } from './rewrite-words';

/** A candidate topic of the recent turns, with how salient it is. */
export type TopicCandidate = {
  text: string;
  kind: MentionKind | 'title';
  score: number;
  /** Whether the thread writes it with "the" ("the VPN"). */
  takesThe: boolean;
};

/** The ranked topics of the recent turns and their most salient content words. */
export type ThreadTopics = {
  candidates: TopicCandidate[];
  /** Content words of the recent turns by salience, as written ("vacation", "days"). */
  keywords: string[];
};

/** How many of the most recent turns count (the Adobe paper's five). */
export const TOPIC_TURNS = 5;

const RECENCY_DECAY = 0.6;
const ASSISTANT_WEIGHT = 0.6;
const KIND_WEIGHTS: Record<TopicCandidate['kind'], number> = {
  ticket: 1.3,
  version: 1.2,
  identifier: 1.2,
  date: 0.5,
  name: 1,
  phrase: 0.6,
  title: 0.4,
};
const CITED_TITLE_BOOST = 1.5;

type Tally = {
  text: string;
  kind: TopicCandidate['kind'];
  score: number;
  the: number;
  count: number;
};

/**
 * Ranks the topics of the last five turns: names, ID-like tokens and noun phrases they
 * mention, and the titles of the documents the assistant cited. A turn weighs less the older
 * it is, an assistant turn less than a user turn, and a mention whose words are in a cited
 * title more. Topics the current message already names are left out.
 */
export function rankTopics(history: readonly HistoryTurn[], message: string): ThreadTopics {
  const turns = history.slice(-TOPIC_TURNS);
  const messageStems = stemSet(message);
  const titleStems = stemSet(
    turns.flatMap((turn) => (turn.citations ?? []).map((citation) => citation.title)).join(' '),
  );
  const tallies = new Map<string, Tally>();
  const keywords = new Map<string, { text: string; score: number; order: number }>();
  turns.forEach((turn, position) => {
    const age = turns.length - 1 - position;
    const weight = RECENCY_DECAY ** age * (turn.role === 'user' ? 1 : ASSISTANT_WEIGHT);
    for (const mention of findMentions(turn.text)) {
      const boost = isSubset(stemSet(mention.text), titleStems) ? CITED_TITLE_BOOST : 1;
      tally(tallies, mention.text, mention.kind, weight * boost, mention.determiner === 'the');
    }
    for (const citation of turn.citations ?? [])
      tally(tallies, citation.title, 'title', weight, false);
    for (const token of tokenize(turn.text)) {
      if (isStopWord(token) || FILLER_WORDS.has(token) || !/^[a-z]{3,}$/.test(token)) continue;
      const key = stem(token);
      const entry = keywords.get(key) ?? { text: token, score: 0, order: keywords.size };
      entry.score += weight;
      keywords.set(key, entry);
    }
  });
  const candidates = [...tallies.values()]
    .filter((entry) => !isSubset(stemSet(entry.text), messageStems))
    .map((entry) => ({
      text: entry.text,
      kind: entry.kind,
      score: entry.score,
      takesThe: entry.the * 2 >= entry.count,
    }))
    .sort((left, right) => right.score - left.score);
  const keywordList = [...keywords.entries()]
    .filter(([key]) => !messageStems.has(key))
    .sort(([, left], [, right]) => right.score - left.score || left.order - right.order)
    .map(([, entry]) => entry.text);
  return { candidates, keywords: keywordList };
}

function tally(
  tallies: Map<string, Tally>,
  text: string,
  kind: TopicCandidate['kind'],
  weight: number,
  withThe: boolean,
): void {
  const key = `${kind === 'title' ? 't' : 'm'}:${text.toLowerCase()}`;
  const entry = tallies.get(key) ?? { text, kind, score: 0, the: 0, count: 0 };
  entry.score += weight * KIND_WEIGHTS[kind];
  entry.count++;
  if (withThe) entry.the++;
  tallies.set(key, entry);
}

/** The stems of a text's content words. */
export function stemSet(text: string): Set<string> {
  return new Set(
    tokenize(text)
      .filter((token) => !isStopWord(token))
      .map(stem),
  );
}

function isSubset(subset: ReadonlySet<string>, set: ReadonlySet<string>): boolean {
  if (subset.size === 0) return false;
  for (const item of subset) if (!set.has(item)) return false;
  return true;
}
