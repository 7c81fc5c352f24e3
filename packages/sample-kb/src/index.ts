import { fileURLToPath } from 'node:url';

/** Absolute path of the bundled sample knowledge base (Markdown documents of a fictional company). */
export const sampleKbDir = fileURLToPath(new URL('../docs/', import.meta.url));

/** Absolute path of the golden files (retrieval queries, questions, ambiguity table). */
export const sampleKbGoldenDir = fileURLToPath(new URL('../golden/', import.meta.url));
