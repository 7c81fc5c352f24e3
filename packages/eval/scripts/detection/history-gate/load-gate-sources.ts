import { ClarifyError } from '@clarify/core';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCanardItems, type CanardItem } from '../../../src/detection/canard-labels';
import {
  parseLabelledMessages,
  type LabelledMessage,
} from '../../../src/detection/labelled-messages';

/** Everything the training script reads; a public set is `null` when its file is absent. */
export type GateSources = {
  labelled: LabelledMessage[];
  canard: CanardItem[] | null;
  clamber: string[] | null;
  clariq: string[] | null;
};

function readIfPresent(path: string): string | null {
  return existsSync(path) ? readFileSync(path, 'utf8') : null;
}

/** CLAMBER questions: each line is a JSON string that holds a JSON object (SOURCE.md). */
function parseClamberQuestions(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const inner: unknown = JSON.parse(JSON.parse(line) as string);
      const question = (inner as { question?: unknown }).question;
      if (typeof question !== 'string')
        throw new ClarifyError('parse_failed', 'CLAMBER line without a question');
      return question;
    });
}

/** ClariQ's distinct initial requests (column `initial_request` of the TSV), in file order. */
function parseClariqRequests(text: string): string[] {
  const [header = '', ...rows] = text.split('\n');
  const column = header.split('\t').indexOf('initial_request');
  if (column < 0)
    throw new ClarifyError('parse_failed', 'ClariQ file without an initial_request column');
  const requests = rows
    .map((row) => row.split('\t')[column]?.trim() ?? '')
    .filter((request) => request !== '');
  return [...new Set(requests)];
}

/** Reads the project's labelled messages and, when present, CANARD dev, CLAMBER and ClariQ train. */
export function loadGateSources(labelledPath: string, evalDirectory: string): GateSources {
  const detection = join(evalDirectory, 'detection');
  const canard = readIfPresent(join(detection, 'canard', 'dev.json'));
  const clamber = readIfPresent(join(detection, 'clamber', 'clamber_benchmark.jsonl'));
  const clariq = readIfPresent(join(detection, 'clariq', 'train.tsv'));
  return {
    labelled: parseLabelledMessages(readFileSync(labelledPath, 'utf8')),
    canard: canard === null ? null : parseCanardItems(JSON.parse(canard)),
    clamber: clamber === null ? null : parseClamberQuestions(clamber),
    clariq: clariq === null ? null : parseClariqRequests(clariq),
  };
}
