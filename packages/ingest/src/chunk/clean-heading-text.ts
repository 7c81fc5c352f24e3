/** Plain text of a heading's inline Markdown: links and images become their text, emphasis and code marks go. */
export function cleanHeadingText(raw: string): string {
  return raw
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`+/g, '')
    .replace(/\*{1,3}([^*]+)\*{1,3}/g, '$1')
    .replace(/__([^_]+)__/g, '$1')
    .replace(/\\([\\`*_{}[\]()#+\-.!|>~=])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
