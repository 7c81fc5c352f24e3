/**
 * A run of citation markers with the whitespace before it: `[1]`, `[1][2]`, `[1, 2]`, `[1; 3] [4]`.
 * Brackets holding anything but numbers (`[link](…)`, `[1-3]`) are not markers.
 */
const MARKER_RUN = /(?:\s*\[\s*\d{1,4}(?:\s*[,;]\s*\d{1,4})*\s*\])+/g;
const NUMBER = /\d+/g;

/** The marker numbers of a text, in order of appearance (repeats kept). */
export function markerNumbers(text: string): number[] {
  return (text.match(MARKER_RUN) ?? []).flatMap((run) => (run.match(NUMBER) ?? []).map(Number));
}

/** The text without any citation marker. */
export function stripMarkers(text: string): string {
  return text.replace(MARKER_RUN, '');
}

/**
 * Rewrites every run of markers through `renumber`: a number it maps to null is removed, the
 * others become `[n]` markers (each once per run, in order), written after a single space.
 * A run left empty disappears with the whitespace before it.
 */
export function rewriteMarkers(text: string, renumber: (number: number) => number | null): string {
  return text.replace(MARKER_RUN, (run) => {
    const kept: number[] = [];
    for (const match of run.match(NUMBER) ?? []) {
      const mapped = renumber(Number(match));
      if (mapped !== null && !kept.includes(mapped)) kept.push(mapped);
    }
    return kept.length === 0 ? '' : ` ${kept.map((number) => `[${number}]`).join('')}`;
  });
}
