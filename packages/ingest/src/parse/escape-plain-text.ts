const structuralLine = /^(\s*)(?=#{1,6}(?:\s|$)|`{3,}|~{3,}|=+\s*$|-+\s*$)/;

/**
 * Makes plain text safe to treat as Markdown: lines that would read as headings, setext
 * underlines or code fences get a leading backslash, so they stay ordinary text.
 */
export function escapePlainText(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(structuralLine, '$1\\'))
    .join('\n');
}
