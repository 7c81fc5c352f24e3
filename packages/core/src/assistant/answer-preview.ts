import { splitSentencesAt } from '../split-sentences-at';

const MAX_PREVIEW_CHARS = 140;

/** A one-line preview of an answer for an option: its first sentence, at most 140 characters. */
export function answerPreview(answer: string): string {
  const flat = answer
    .replace(/\s+/g, ' ')
    .replace(/^([-*]|\d+\.)\s+/, '')
    .trim();
  const sentence = splitSentencesAt(flat, /(?<=[.!?])\s/)[0] ?? flat;
  if (sentence.length <= MAX_PREVIEW_CHARS) return sentence;
  const cut = sentence.slice(0, MAX_PREVIEW_CHARS - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), MAX_PREVIEW_CHARS / 2))}…`;
}

/**
 * A preview from a passage's Markdown when a strategy extracted no answer: its first line of
 * prose — not a table row, heading, fence or a line of a few words ("Tell the customer to:").
 */
export function passagePreview(markdown: string): string {
  const prose = markdown
    .split('\n')
    .map((line) =>
      line
        .replace(/^\s*([-*+]|\d+\.)\s+/, '')
        .replace(/\*\*|__|`/g, '')
        .trim(),
    )
    .find(
      (line) =>
        !/^(\||#|```|~~~|>)/.test(line) &&
        !line.endsWith(':') &&
        line.split(/\s+/).filter((word) => /\p{L}/u.test(word)).length >= 5,
    );
  return answerPreview(prose ?? markdown);
}
