const MAX_PREVIEW_CHARS = 140;

/** A one-line preview of an answer for an option: its first sentence, at most 140 characters. */
export function answerPreview(answer: string): string {
  const flat = answer
    .replace(/\s+/g, ' ')
    .replace(/^([-*]|\d+\.)\s+/, '')
    .trim();
  const sentence = flat.split(/(?<=[.!?])\s/)[0] ?? flat;
  if (sentence.length <= MAX_PREVIEW_CHARS) return sentence;
  const cut = sentence.slice(0, MAX_PREVIEW_CHARS - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), MAX_PREVIEW_CHARS / 2))}…`;
}
