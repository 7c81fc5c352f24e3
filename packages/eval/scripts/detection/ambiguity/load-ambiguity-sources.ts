import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseClamberItems, type ClamberItem } from '../../../src/detection/clamber-labels';
import { parseClariqTopics, type ClariqTopic } from '../../../src/detection/clariq-labels';
import { ClarifyError } from '@clarify/core';

/** Everything the ambiguity classifier's training script reads. */
export type AmbiguitySources = {
  /** ClariQ train topics: trained on. */
  clariqTrain: ClariqTopic[];
  /** ClariQ dev topics: only scored, never trained on. */
  clariqDev: ClariqTopic[];
  /** All of CLAMBER; `clamberHalf` decides which half is trained on. */
  clamber: ClamberItem[];
};

function read(path: string): string {
  if (!existsSync(path))
    throw new ClarifyError('source_not_found', `${path} not found (pass --eval-dir)`);
  return readFileSync(path, 'utf8');
}

/** Reads ClariQ train and dev and CLAMBER from `<evalDirectory>/detection`. */
export function loadAmbiguitySources(evalDirectory: string): AmbiguitySources {
  const detection = join(evalDirectory, 'detection');
  return {
    clariqTrain: parseClariqTopics(read(join(detection, 'clariq', 'train.tsv'))),
    clariqDev: parseClariqTopics(read(join(detection, 'clariq', 'dev.tsv'))),
    clamber: parseClamberItems(read(join(detection, 'clamber', 'clamber_benchmark.jsonl'))),
  };
}
