import type { InterpretationCandidate, Passage, ReadingBasis } from '@clarify/core';
import { readableRow } from '../page/page-facts';
import { answerSpan } from './answer-span';
import { detectAnswerType, type AnswerType } from './answer-type';
import type { Answering, Labelled } from './answering';
import { contextLabel } from './context-label';
import { mergeLabels } from './merge-labels';
import { questionStems } from './question-terms';
import { sectionVariants } from './section-variants';
import type { StructuredReading } from './structured-readings';

// How the answering passages become readings: each labelled by what sets it apart (its
// document, section or qualifier), one answer per reading.

/**
 * Each answer's reading: the question specialised by its document's title. Documents
 * distinguish the readings; sections only when every answer is in one document and they are
 * variants of one thing (then its other sections answer no reading). Labels naming one system
 * become one.
 */
export function labelReadings(question: string, answers: readonly Answering[]): Labelled[] {
  if (answers.some(({ reading }) => reading !== undefined))
    return labelByQualifier(question, answers);
  const oneDocument = new Set(answers.map(({ passage }) => passage.documentId)).size === 1;
  const variants = oneDocument ? sectionVariants(answers.map(({ passage }) => passage)) : null;
  const byHeading = variants !== null && variants.size > 0;
  const readings = byHeading
    ? answers.filter(({ passage }) => variants.has(passage.chunkId))
    : answers;
  const askedStems = new Set(questionStems(question));
  const labels = readings.map(({ passage }) =>
    contextLabel({ passage, questionStems: askedStems, byHeading }),
  );
  const canonical = mergeLabels(labels);
  const base = question.trim().replace(/[?.!\s]+$/, '');
  const answerType = detectAnswerType(question);
  const named = readings.map((reading, index) => {
    const label = labels[index] ?? '';
    return {
      ...reading,
      label: canonical.get(label) ?? label,
      span: answerSpan(reading.unit, answerType, question),
    };
  });
  // Names and places are read off capitalised words, too loosely to equate two readings.
  const agreed = MEASURED_TYPES.has(answerType) ? sameValueOneReading(named) : named;
  const split = valueSplitLabels(agreed);
  return agreed.map(({ label, span, ...reading }) => {
    const context = span !== null && split.has(label) ? `${label}: ${span}` : label;
    return { ...reading, interpretation: `${base} — ${context}?` };
  });
}

/**
 * Readings by qualifier are labelled by it ("Ireland (Dublin)"), after their document's title
 * when several documents answer; a document answering without one by its title.
 */
function labelByQualifier(question: string, answers: readonly Answering[]): Labelled[] {
  const askedStems = new Set(questionStems(question));
  const base = question.trim().replace(/[?.!\s]+$/, '');
  const readingsOf = new Map<string, number>();
  for (const { passage, reading } of answers) {
    if (reading !== undefined)
      readingsOf.set(passage.documentId, (readingsOf.get(passage.documentId) ?? 0) + 1);
  }
  const documents = new Set(answers.map(({ passage }) => passage.documentId)).size;
  const byQualifier = (answer: Answering) => (readingsOf.get(answer.passage.documentId) ?? 0) > 1;
  // A document with one reading is named by its title, like any document, and titles naming
  // one system are one reading ("VPN (GlobalProtect)" and "GlobalProtect VPN Setup").
  const titles = answers.map((answer) =>
    contextLabel({ passage: answer.passage, questionStems: askedStems, byHeading: false }),
  );
  const canonical = mergeLabels(titles.filter((_, index) => !byQualifier(answers[index]!)));
  return answers.map((answer, index) => {
    const title = titles[index] ?? '';
    // A reading from text above the page's first section has no qualifier of its own: its
    // heading (or title) names it, never an empty "Release Process › ".
    const qualifier =
      answer.reading?.qualifier.trim() ||
      contextLabel({ passage: answer.passage, questionStems: askedStems, byHeading: true });
    // With several documents answering, a reading names its document too: "Rotterdam
    // (Netherlands) › Statutory days" is told apart by the thread as well as by the reader.
    const label = !byQualifier(answer)
      ? (canonical.get(title) ?? title)
      : documents > 1
        ? `${title} › ${qualifier}`
        : qualifier;
    return { ...answer, interpretation: `${base} — ${label}?` };
  });
}

const MEASURED_TYPES: ReadonlySet<AnswerType> = new Set(['date', 'number', 'duration']);

/**
 * Documents that give the same value for what is asked are one reading, not a choice: "March
 * 31, 2027" in the migration guide and in the release process. Each such reading takes the label
 * of the first (best-covered) one; readings without a value keep their own.
 */
function sameValueOneReading<T extends { label: string; span: string | null }>(
  named: readonly T[],
): T[] {
  const labelOf = new Map<string, string>();
  for (const { label, span } of named)
    if (span !== null && !labelOf.has(span)) labelOf.set(span, label);
  const spansOf = new Map<string, Set<string>>();
  for (const { label, span } of named) {
    if (span !== null) spansOf.set(label, (spansOf.get(label) ?? new Set()).add(span));
  }
  return named.map((reading) => {
    // A label whose passages give several values stays as it is (valueSplitLabels decides).
    if (reading.span === null || (spansOf.get(reading.label)?.size ?? 0) > 1) return reading;
    return { ...reading, label: labelOf.get(reading.span) ?? reading.label };
  });
}

/**
 * Labels that stand for several readings: shared by different documents (records of a corpus,
 * encyclopedia passages of one article) that give different values for what is asked ("Ruth
 * Madoc" in the 1971 film, "Jessica Vosk" in the 2015 revival). Passages of one document that
 * give different values are parts of one answer, not readings.
 */
function valueSplitLabels(
  named: ReadonlyArray<{ label: string; span: string | null; passage: Passage }>,
): Set<string> {
  const documents = new Map<string, Set<string>>();
  const values = new Map<string, Set<string>>();
  for (const { label, span, passage } of named) {
    documents.set(label, (documents.get(label) ?? new Set()).add(passage.documentId));
    if (span !== null) values.set(label, (values.get(label) ?? new Set()).add(span));
  }
  return new Set(
    [...documents]
      .filter(([label, ids]) => ids.size > 1 && (values.get(label)?.size ?? 0) > 1)
      .map(([label]) => label),
  );
}

/**
 * One reading, one answer: the best sentence among all its passages (each keeps its own as
 * evidence), so an option's preview is the reading's best, not its first passage's.
 */
export function oneAnswerPerReading(labelled: readonly Labelled[]): InterpretationCandidate[] {
  const answerOf = new Map<string, { unit: string; score: number }>();
  for (const { interpretation, unit: evidence, score, reading } of labelled) {
    const unit = reading?.answer ?? readableRow(evidence);
    const current = answerOf.get(interpretation);
    if (current === undefined || score > current.score)
      answerOf.set(interpretation, { unit, score });
  }
  const basisOf = new Map<string, ReadingBasis>();
  for (const { interpretation, reading } of labelled) {
    if (reading !== undefined && !basisOf.has(interpretation))
      basisOf.set(interpretation, basis(reading));
  }
  return labelled.map(({ interpretation, passage, unit }) => ({
    interpretation,
    answer: answerOf.get(interpretation)?.unit ?? unit,
    evidence: unit,
    passage,
    basis: basisOf.get(interpretation) ?? { source: 'statement' },
  }));
}

function basis(reading: StructuredReading): ReadingBasis {
  return {
    source: reading.source,
    qualifier: reading.qualifier,
    ...(reading.dimension !== '' && { dimension: reading.dimension }),
  };
}
