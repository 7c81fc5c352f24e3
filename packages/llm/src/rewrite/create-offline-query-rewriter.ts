import type { HistoryTurn, QueryRewriter, RewriteInput, RewriteResult } from '@clarify/core';
import { isStopWord, tokenize } from '@clarify/offline';
import { findMentions } from './find-mentions';
import { rankTopics, stemSet, TOPIC_TURNS, type ThreadTopics } from './rank-topics';
import { applyFollowUp, parseFollowUp } from './resolve-ellipsis';
import { findReference, resolveReferences } from './resolve-references';
import { FILLER_WORDS } from './rewrite-words';

/** How many earlier follow-ups are resolved in a chain ("what about Boston?" → "and for contractors?"). */
const MAX_CHAIN = 3;
const MAX_LABEL_KEYWORDS = 2;

/** Words that point back into the thread without being a resolvable pronoun. */
const DEPENDENCY_CUES: ReadonlySet<string> = new Set(
  `these those other another others above previous earlier else more too also again instead
  same former latter mentioned said`.split(/\s+/),
);

/**
 * The offline stage 3 (no network, deterministic, no LLM call): substitutes references with
 * the most salient entity or topic of the last five turns. In order: an elliptical follow-up
 * ("what about Boston?") rebuilds the previous user question with the new entity in place of
 * the old one of the same kind; a referring word ("it", "that", "there", "the same") is
 * replaced by the topic; a message that still leans on the thread (a leftover reference,
 * "else", "more", or a one-word fragment) gets the topic appended, "… (about Rotterdam
 * vacation days)". Anything else is kept as written (`rewritten: false`).
 */
export function createOfflineQueryRewriter(): QueryRewriter {
  return {
    rewrite: (input) => Promise.resolve(input).then(rewriteMessage),
  };
}

function rewriteMessage({ message, history, signal }: RewriteInput): RewriteResult {
  signal?.throwIfAborted();
  const original = message.trim();
  const turns = history.slice(-TOPIC_TURNS);
  const resolved = original === '' || turns.length === 0 ? null : rewriteOffline(original, turns);
  return {
    text: resolved ?? message,
    rewritten: resolved !== null && resolved !== original,
    llmCalls: 0,
    usage: { promptTokens: 0, completionTokens: 0 },
  };
}

function rewriteOffline(message: string, history: readonly HistoryTurn[]): string | null {
  const resolved = resolveInThread(message, history, 0);
  if (resolved !== null) return resolved;
  return appendTopic(message, rankTopics(history, message));
}

/** Resolves a follow-up or a reference; null when the message has neither (or no antecedent). */
function resolveInThread(
  message: string,
  history: readonly HistoryTurn[],
  depth: number,
): string | null {
  const followUp = parseFollowUp(message);
  if (followUp !== null) {
    const previous = previousUserQuestion(history, depth);
    if (previous !== null) return applyFollowUp(previous, followUp);
  }
  return resolveReferences(message, rankTopics(history, message).candidates);
}

/** The last user message of the thread, itself resolved against the turns before it. */
function previousUserQuestion(history: readonly HistoryTurn[], depth: number): string | null {
  for (let index = history.length - 1; index >= 0; index--) {
    const turn = history[index];
    if (turn?.role !== 'user' || !isSubstantive(turn.text)) continue;
    if (depth >= MAX_CHAIN) return turn.text;
    return resolveInThread(turn.text, history.slice(0, index), depth + 1) ?? turn.text;
  }
  return null;
}

/** A message with something to rebuild: a name or ID, or at least two content words. */
function isSubstantive(text: string): boolean {
  if (findMentions(text).some((mention) => mention.kind !== 'phrase')) return true;
  return contentWords(text).length >= 2 || parseFollowUp(text) !== null;
}

function contentWords(text: string): string[] {
  return tokenize(text).filter((token) => !isStopWord(token) && !FILLER_WORDS.has(token));
}

function appendTopic(message: string, topics: ThreadTopics): string | null {
  if (!dependsOnThread(message)) return null;
  const top = topics.candidates[0];
  const topStems = stemSet(top?.text ?? '');
  const keywords = topics.keywords
    .filter((keyword) => ![...stemSet(keyword)].some((item) => topStems.has(item)))
    .slice(0, MAX_LABEL_KEYWORDS);
  const label = [...(top === undefined ? [] : [top.text]), ...keywords].join(' ');
  return label === '' ? null : `${message} (about ${label})`;
}

function dependsOnThread(message: string): boolean {
  if (findReference(message) !== null) return true;
  const tokens = tokenize(message);
  if (tokens.some((token) => DEPENDENCY_CUES.has(token))) return true;
  const names = findMentions(message).filter((mention) => mention.kind !== 'phrase');
  return contentWords(message).length <= 1 && names.length === 0;
}
