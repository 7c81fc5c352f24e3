import type { Passage } from '@clarify/core';
import type { StructuredReading } from './structured-readings';

/** A passage that answers a reading of the question, with its best unit and how well it covers it. */
export type Answering = {
  passage: Passage;
  unit: string;
  score: number;
  /** A reading by qualifier (a table row, a section) inside the passage's document. */
  reading?: StructuredReading;
};

/** An answering passage with the reading it answers, worded as the question specialised. */
export type Labelled = Answering & { interpretation: string };
