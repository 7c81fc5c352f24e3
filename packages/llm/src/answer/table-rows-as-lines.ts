const SEPARATOR_ROW = /^\|?\s*:?-{2,}/;

/**
 * Rewrites Markdown table rows as lines that read on their own, each cell named by its column:
 * "| Boston | 20 |" under "| Office | Vacation days |" becomes "Office: Boston; Vacation days: 20".
 * Other lines are left as they are.
 */
export function tableRowsAsLines(text: string): string {
  let header: string[] | null = null;
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed.startsWith('|')) {
      header = null;
      lines.push(line);
      continue;
    }
    if (SEPARATOR_ROW.test(trimmed)) continue;
    const cells = trimmed
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((cell) => cell.trim());
    if (header === null) {
      header = cells;
      continue;
    }
    const named = cells.flatMap((cell, index) => {
      if (cell === '') return [];
      const name = header?.[index] ?? '';
      return [name === '' ? cell : `${name}: ${cell}`];
    });
    lines.push(named.join('; '));
  }
  return lines.join('\n');
}
