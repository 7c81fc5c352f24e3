import type { Interpretation } from '@clarify/core';
import { contentStems, isStopWord, questionStems, stem, tokenize } from '@clarify/offline';

const MAX_LABEL_WORDS = 8;
/** "How do I reset my password — VPN (GlobalProtect)?": the offline extractor's shape. */
const DASH_SUFFIX = /\s[—–]\s([^—–]+?)[?.!\s]*$/;

/**
 * The part of an interpretation that sets it apart from the question and from the other
 * interpretations, for a contrastive lead-in: "VPN (GlobalProtect)" for "How do I reset my
 * password — VPN (GlobalProtect)?", "Okta SSO" for "How do I reset my Okta SSO password?".
 * Falls back to the title of its best passage, then to "Option n".
 */
export function sectionLabel(input: {
  question: string;
  interpretation: Interpretation;
  others: readonly Interpretation[];
  index: number;
}): string {
  const { interpretation } = input;
  const dashed = DASH_SUFFIX.exec(interpretation.interpretation)?.[1]?.trim();
  if (dashed !== undefined && dashed !== '') return dashed;

  const common = new Set(questionStems(input.question));
  const others = input.others.filter((other) => other !== interpretation);
  if (others.length > 0) {
    const otherStems = others.map((other) => new Set(contentStems(other.interpretation)));
    for (const term of contentStems(interpretation.interpretation)) {
      if (otherStems.every((stems) => stems.has(term))) common.add(term);
    }
  }
  const words = distinctWords(interpretation.interpretation, common);
  if (words !== '') return words;
  const title = interpretation.passages[0]?.title;
  return title !== undefined && title !== '' ? title : `Option ${input.index + 1}`;
}

/** The words of `text` that are neither stop words nor in `common`, in order, punctuation kept. */
function distinctWords(text: string, common: ReadonlySet<string>): string {
  const kept = text.split(/\s+/).filter((word) => {
    const tokens = tokenize(word);
    if (tokens.length === 0) return false;
    return tokens.some((token) => !isStopWord(token) && !common.has(stem(token)));
  });
  return kept
    .slice(0, MAX_LABEL_WORDS)
    .join(' ')
    .replace(/\(\s*\)/g, '')
    .replace(/^[\s–—:,;-]+|[\s–—:,;?.!-]+$/g, '')
    .trim();
}
