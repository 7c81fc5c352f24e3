import type { Passage } from '@clarify/core';
import { stem } from '../text/stem';
import { isStopWord } from '../text/stop-words';

/**
 * What sets a passage apart from the question's plain reading: its document title (its deepest
 * heading when every answer comes from one document) without the words the question already
 * has. "Resetting Your VPN (GlobalProtect) Password" for "how do I reset my password?" becomes
 * "VPN (GlobalProtect)".
 */
export function contextLabel(input: {
  passage: Passage;
  questionStems: ReadonlySet<string>;
  byHeading: boolean;
}): string {
  const { passage } = input;
  const headings = passage.headingPath.filter((heading) => heading !== passage.title);
  const heading = headings[headings.length - 1];
  if (input.byHeading && heading !== undefined) {
    const label = withoutQuestionWords(heading, input.questionStems);
    if (label !== '') return label;
  }
  return withoutQuestionWords(passage.title, input.questionStems) || passage.title;
}

function withoutQuestionWords(text: string, questionStems: ReadonlySet<string>): string {
  const kept = text.split(/\s+/).filter((word) => {
    const bare = word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
    if (bare === '') return true;
    return !isStopWord(bare) && !questionStems.has(stem(bare));
  });
  return kept
    .join(' ')
    .replace(/\(\s*\)/g, '')
    .replace(/\s[–—-]\s*(?=\()/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s–—:,-]+|[\s–—:,-]+$/g, '')
    .trim();
}
