/**
 * A full stop that ends an initial ("T. G. Sheppard", "J. K. Rowling") or a title ("Dr. Ruiz",
 * "St. Louis") rather than a sentence.
 */
const ABBREVIATION_END =
  /(?:^|[\s("“'‘-])(?:\p{Lu}|Mr|Mrs|Ms|Dr|St|Mt|Ft|Jr|Sr|Prof|Gen|Col|Lt|Sgt|Capt|Rev|Gov|Sen|Rep|vs)\.$/u;

/**
 * Splits `text` at the matches of `boundary` (a pattern for the gap between two sentences),
 * except where the text before the gap ends with an initial or a title: "In 1985, T. G. Sheppard
 * had a hit." is one sentence.
 */
export function splitSentencesAt(text: string, boundary: RegExp): string[] {
  const gaps = new RegExp(
    boundary.source,
    boundary.flags.includes('g') ? boundary.flags : `${boundary.flags}g`,
  );
  const parts: string[] = [];
  let start = 0;
  for (const gap of text.matchAll(gaps)) {
    if (gap[0] === '' || ABBREVIATION_END.test(text.slice(start, gap.index).trimEnd())) continue;
    parts.push(text.slice(start, gap.index));
    start = gap.index + gap[0].length;
  }
  parts.push(text.slice(start));
  return parts;
}
