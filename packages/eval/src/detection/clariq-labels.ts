import { ClarifyError } from '@clarify/core';
import type { AmbiguityItem } from './ambiguity-item';

/** One ClariQ topic (Aliannejadi et al. 2020): the user's initial request and its label. */
export type ClariqTopic = {
  topicId: string;
  request: string;
  /** 1 (no clarification needed) … 4 (absolutely ambiguous), per topic. */
  clarificationNeed: number;
};

const REQUIRED_COLUMNS = ['topic_id', 'initial_request', 'clarification_need'] as const;

/**
 * Reads a ClariQ TSV (`train.tsv`, `dev.tsv`: one row per topic, facet and clarifying question)
 * into its distinct topics, in file order. Columns are found by their header names; throws when
 * one is missing or a row has no valid `clarification_need`.
 */
export function parseClariqTopics(tsv: string): ClariqTopic[] {
  const [header = '', ...rows] = tsv.split(/\r?\n/);
  const names = header.split('\t');
  const [topicColumn, requestColumn, needColumn] = REQUIRED_COLUMNS.map((name) => {
    const column = names.indexOf(name);
    if (column < 0) throw new ClarifyError('parse_failed', `ClariQ file without a ${name} column`);
    return column;
  }) as [number, number, number];
  const topics = new Map<string, ClariqTopic>();
  rows.forEach((row, index) => {
    if (row.trim() === '') return;
    const cells = row.split('\t');
    const topicId = cells[topicColumn]?.trim() ?? '';
    const clarificationNeed = Number(cells[needColumn]);
    if (topicId === '' || !Number.isInteger(clarificationNeed))
      throw new ClarifyError('parse_failed', `ClariQ row ${index + 2} is malformed`);
    if (!topics.has(topicId))
      topics.set(topicId, {
        topicId,
        request: cells[requestColumn]?.trim() ?? '',
        clarificationNeed,
      });
  });
  return [...topics.values()];
}

/**
 * The detection items of ClariQ topics: need 1 → clear, 3 or 4 → ambiguous. Need 2 (a
 * clarifying question might help a little) is left out: it is neither clearly one nor the other.
 */
export function clariqAmbiguityItems(
  topics: readonly ClariqTopic[],
): (AmbiguityItem & { topicId: string })[] {
  return topics
    .filter((topic) => topic.clarificationNeed !== 2)
    .map((topic) => ({
      message: topic.request,
      ambiguous: topic.clarificationNeed >= 3,
      topicId: topic.topicId,
    }));
}
