import type { ParsedDocument } from '@clarify/core';

/** A file handed to a parser: its path (for the extension and a fallback title) and raw bytes. */
export type DocumentInput = { path: string; bytes: Uint8Array };

export type DocumentParser = (input: DocumentInput) => ParsedDocument | Promise<ParsedDocument>;
