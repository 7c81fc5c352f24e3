import type { ParsedDocument } from '@clarify/core';
import { decodeText } from './decode-text';
import { firstHeading, pickTitle, titleFromPath } from './derive-title';
import type { DocumentInput } from './document-input';
import { readFrontMatter } from './read-front-matter';

const dateKeys = ['updated', 'last_updated', 'date'] as const;

/**
 * Parses Markdown (and MDX as plain Markdown). Front matter supplies the title, the update date
 * (`updated`, then `last_updated`, then `date`) and string metadata; it is removed from the body.
 */
export function parseMarkdown(input: DocumentInput): ParsedDocument {
  const { data, body } = readFrontMatter(decodeText(input.bytes));
  const markdown = body.trim();
  const dateKey = dateKeys.find((key) => toDate(data[key]) !== null);
  const updatedAt = dateKey === undefined ? null : toDate(data[dateKey]);
  const title =
    pickTitle(scalarText(data.title), firstHeading(markdown, 1)) ?? titleFromPath(input.path);
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) {
    const text = scalarText(value);
    if (key !== 'title' && key !== dateKey && text !== null) metadata[key] = text;
  }
  return { title, markdown, updatedAt, metadata };
}

function scalarText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
  return null;
}

function toDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  if (!/^\d{4}-\d{2}-\d{2}/.test(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}
