/** The text's sentences (and lines: tables and lists have no full stops), in order. */
export function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=\S)|\n+/).filter((sentence) => sentence.trim() !== '');
}

const words = (text: string) =>
  new Set((text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => word.length > 1));

/**
 * The index of the sentence that shares the most words with `target` (the cited preview or
 * answer sentence), shorter sentences winning ties; -1 when none shares a word.
 */
export function closestSentence(sentences: readonly string[], target: string): number {
  const wanted = words(target);
  let best = -1;
  let bestScore = 0;
  sentences.forEach((sentence, index) => {
    const own = words(sentence);
    let shared = 0;
    for (const word of own) if (wanted.has(word)) shared += 1;
    const score = shared / Math.sqrt(Math.max(own.size, 1));
    if (score > bestScore) {
      best = index;
      bestScore = score;
    }
  });
  return best;
}
