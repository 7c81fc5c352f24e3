import { rowText, tableCells } from './page-facts';

const SEPARATOR_ROW = /^\|?\s*:?-{2,}/;

/**
 * Rewrites Markdown table rows as lines that read on their own, each cell named by its column
 * ("| Boston | 20 |" under "| Office | Vacation days |" becomes "Office: Boston; Vacation days:
 * 20"), the way `pageFacts` states them. Other lines are left as they are. This is how an LLM
 * is shown a passage: a row keeps its header, so "20" is Boston's vacation days.
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
    const cells = tableCells(trimmed);
    if (header === null) {
      header = cells;
      continue;
    }
    lines.push(rowText(header, cells));
  }
  return lines.join('\n');
}
