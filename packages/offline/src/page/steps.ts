const STEP = /^\s*\d{1,3}[.)]\s+\S/;
const HEADING = /^\s*#{1,6}\s+(.*?)\s*#*\s*$/;

/** A numbered procedure of a page: its steps as written, and the heading it sits under. */
export type Steps = { heading: string; text: string };

/**
 * The numbered lists of a passage's Markdown, each whole ("1. Open Workday … 2. Select the
 * dates … 3. …"), with the heading above it: a "how do I …" question is answered by the steps,
 * not by one of them. A list is cut at `maxChars`, after its last whole step.
 */
export function procedureSteps(text: string, maxChars = 800): Steps[] {
  const found: Steps[] = [];
  let heading = '';
  let current: string[] = [];
  const close = () => {
    if (current.length >= 2) found.push({ heading, text: current.join('\n') });
    current = [];
  };
  for (const line of text.split('\n')) {
    const title = HEADING.exec(line);
    if (title !== null) {
      close();
      heading = title[1] ?? '';
      continue;
    }
    if (STEP.test(line)) {
      const step = line.trim().replace(/\*\*|__|`/g, '');
      if ([...current, step].join('\n').length <= maxChars) current.push(step);
      continue;
    }
    // A blank line or an indented continuation keeps the list open; prose closes it.
    if (line.trim() !== '' && !/^\s{2,}/.test(line)) close();
  }
  close();
  return found;
}
