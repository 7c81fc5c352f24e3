import type { Passage } from '@clarify/core';
import { ClarifyError, formatHeadingPath } from '@clarify/core';
import type { KnowledgeBase } from '@clarify/runtime';
import type { Output } from '../output';

export type SearchCommandOptions = { k?: number; source?: string[]; json?: boolean };

export const MAX_QUERY_CHARS = 4_000;

/** `clarify search "<query>"`: ranked passages with titles and snippets, or JSON. */
export async function runSearchCommand(
  kb: KnowledgeBase,
  output: Output,
  input: { query: string; options: SearchCommandOptions },
): Promise<Passage[]> {
  const query = input.query.trim();
  if (query === '') throw new ClarifyError('invalid_input', 'the query is empty');
  if (query.length > MAX_QUERY_CHARS) {
    throw new ClarifyError(
      'invalid_input',
      `the query is longer than ${MAX_QUERY_CHARS} characters`,
    );
  }
  const k = input.options.k ?? 5;
  if (!Number.isInteger(k) || k < 1 || k > 100) {
    throw new ClarifyError('invalid_input', '-k must be a whole number from 1 to 100');
  }
  const sourceIds = input.options.source?.length ? input.options.source : undefined;
  const passages = await kb.retriever.search({ query, k, scope: sourceIds && { sourceIds } });
  if (input.options.json) output.out(JSON.stringify(passages.map(toJson), null, 2));
  else printPassages(output, passages);
  return passages;
}

function toJson(passage: Passage) {
  return {
    documentId: passage.documentId,
    title: passage.title,
    uri: passage.uri,
    heading: formatHeadingPath(passage.headingPath),
    text: passage.text,
    score: passage.score,
  };
}

export function printPassages(output: Output, passages: readonly Passage[]): void {
  if (passages.length === 0) {
    output.out('No passages found.');
    return;
  }
  passages.forEach((passage, index) => {
    const heading = formatHeadingPath(passage.headingPath) || passage.title;
    output.out(`${index + 1}. ${heading}`);
    output.out(`   ${passage.documentId}  (score ${passage.score.toFixed(4)})`);
    output.out(`   ${snippet(passage.text, 220)}`);
  });
}

/** One line of plain text: Markdown emphasis and code marks dropped, whitespace folded. */
export function snippet(text: string, maxChars: number): string {
  const flat = text
    .replace(/(\*\*|__|`)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (flat.length <= maxChars) return flat;
  const cut = flat.slice(0, maxChars);
  const lastSpace = cut.lastIndexOf(' ');
  return `${cut.slice(0, lastSpace > maxChars * 0.6 ? lastSpace : maxChars)}…`;
}
