import TurndownService from 'turndown';

type DomElement = {
  nodeName: string;
  textContent: string | null;
  children: ArrayLike<DomElement>;
  querySelectorAll(selectors: string): ArrayLike<DomElement>;
};

const droppedElements = [
  'script',
  'style',
  'nav',
  'footer',
  'noscript',
  'template',
  'iframe',
  'svg',
  'head',
  'title',
] as const;
const structuralStart = /^(\s*)(#{1,6}\s|>|[-+*]\s|\d+[.)]\s|`{3,}|~{3,}|=+\s*$|-+\s*$)/gm;

let service: TurndownService | undefined;

/** Converts HTML to Markdown: ATX headings, fenced code, pipe tables; page chrome is dropped. */
export function htmlToMarkdown(html: string): string {
  service ??= createService();
  return service
    .turndown(html)
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The plain text of an HTML fragment (entities decoded, whitespace collapsed). */
export function htmlToText(fragment: string): string {
  return htmlToMarkdown(`<p>${fragment}</p>`).replace(/\s+/g, ' ').trim();
}

function createService(): TurndownService {
  const created = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '*',
    strongDelimiter: '**',
  });
  created.escape = (text: string) => text.replace(structuralStart, '$1\\$2');
  // 'svg' is no HTML tag name to turndown's DOM typings, but it is removed all the same.
  created.remove([...droppedElements] as TurndownService.TagName[]);
  created.addRule('table', {
    filter: 'table',
    replacement: (_content, node: unknown) => `\n\n${renderTable(node as DomElement)}\n\n`,
  });
  return created;
}

function renderTable(table: DomElement): string {
  const rows = Array.from(table.querySelectorAll('tr'), (row) =>
    Array.from(row.children)
      .filter((cell) => cell.nodeName === 'TH' || cell.nodeName === 'TD')
      .map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|')),
  ).filter((cells) => cells.some((cell) => cell !== ''));
  const width = Math.max(0, ...rows.map((cells) => cells.length));
  if (width === 0) return '';
  const line = (cells: string[]): string =>
    `| ${Array.from({ length: width }, (_, index) => cells[index] ?? '').join(' | ')} |`;
  const [header = [], ...body] = rows;
  return [line(header), line(Array<string>(width).fill('---')), ...body.map(line)].join('\n');
}
