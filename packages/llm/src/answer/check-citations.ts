import { markerNumbers, rewriteMarkers, stripMarkers } from './citation-markers';
import { splitAnswerLines } from './split-sentences';

/** An answer after its citations were checked against the passages it was given. */
export type CheckedCitations = {
  /** The kept sentences; marker `[k]` points to the given passage number `used[k - 1]`. */
  text: string;
  /** 1-based numbers of the given passages still cited, in order of first use. */
  used: number[];
  /** False when no sentence kept a valid citation. */
  supported: boolean;
  /** Markers that pointed to no given passage. */
  removedMarkers: number;
  /** Sentences dropped because no valid marker was left on them. */
  droppedSentences: number;
};

const WORD = /[\p{L}\p{N}]/u;

/**
 * Checks an answer's `[n]` markers against the `passageCount` passages it was given
 * (RELIABILITY RG-2): removes markers that point to no given passage, drops every sentence left
 * without a marker (and lines left empty), and renumbers the markers 1, 2, … in order of first
 * use.
 */
export function checkCitations(text: string, passageCount: number): CheckedCitations {
  const used: number[] = [];
  let removedMarkers = 0;
  let droppedSentences = 0;
  const isGiven = (number: number): boolean =>
    Number.isInteger(number) && number >= 1 && number <= passageCount;

  const lines: string[] = [];
  for (const line of splitAnswerLines(text)) {
    if (line.sentences.length === 0) {
      if (line.prefix === '') lines.push('');
      continue;
    }
    const kept: string[] = [];
    for (const sentence of line.sentences) {
      const numbers = markerNumbers(sentence);
      removedMarkers += numbers.filter((number) => !isGiven(number)).length;
      if (!WORD.test(stripMarkers(sentence)) || !numbers.some(isGiven)) {
        droppedSentences += 1;
        continue;
      }
      kept.push(
        rewriteMarkers(sentence, (number) => {
          if (!isGiven(number)) return null;
          if (!used.includes(number)) used.push(number);
          return used.indexOf(number) + 1;
        }).trim(),
      );
    }
    if (kept.length > 0) lines.push(`${line.prefix}${kept.join(' ')}`);
  }
  return {
    text: collapseBlankLines(lines),
    used,
    supported: used.length > 0,
    removedMarkers,
    droppedSentences,
  };
}

function collapseBlankLines(lines: readonly string[]): string {
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
