import { z } from 'zod';
import type { BenchmarkQuestion } from '../types';

const text = z.string().trim().min(1);

/** A line of `corpus.jsonl`: `{"id", "title"?, "text"}`. */
export const CorpusLineSchema = z.object({
  id: text,
  title: z.string().optional(),
  text: z.string(),
});

const HistoryEntrySchema = z.object({
  role: z.enum(['user', 'assistant']),
  text: z.string(),
});

const GoldSchema = z.object({
  question: z.string().default(''),
  answers: z.array(z.string()),
  passages: z.array(z.string()),
});

const KNOWN_KEYS = new Set([
  'id',
  'question',
  'history',
  'ambiguous',
  'interpretations',
  'category',
]);

/** A line of `questions.jsonl` (benchmark format v1); other fields are kept as `extra`. */
export const QuestionLineSchema = z
  .looseObject({
    id: z.union([text, z.number().transform(String)]),
    question: text,
    history: z.array(HistoryEntrySchema).default([]),
    ambiguous: z.boolean(),
    interpretations: z.array(GoldSchema),
    category: z.string().optional(),
  })
  .transform((line): BenchmarkQuestion => ({
    id: line.id,
    question: line.question,
    history: line.history,
    ambiguous: line.ambiguous,
    interpretations: line.interpretations,
    category: line.category?.trim() || 'uncategorised',
    extra: Object.fromEntries(Object.entries(line).filter(([key]) => !KNOWN_KEYS.has(key))),
  }));
