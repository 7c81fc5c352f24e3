/** A GitHub Markdown table: the first column left-aligned (names), the others right (figures). */
export function markdownTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>) {
  const line = (cells: readonly string[]) => `| ${cells.map(escapeCell).join(' | ')} |`;
  const alignment = header.map((_, index) => (index === 0 ? ':---' : '---:'));
  return [line(header), `| ${alignment.join(' | ')} |`, ...rows.map(line)];
}

/** A pipe would end the cell and a newline the row; both can come from strategy or category names. */
function escapeCell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/** Inline code that survives backticks in the text (a path or a name). */
export function codeSpan(text: string): string {
  const fence = text.includes('`') ? '``' : '`';
  const padding = fence === '``' ? ' ' : '';
  return `${fence}${padding}${text.replace(/\r?\n/g, ' ')}${padding}${fence}`;
}
