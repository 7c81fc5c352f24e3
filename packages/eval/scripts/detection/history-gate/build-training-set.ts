import { augmentStandaloneMessage } from '../../../src/detection/augment-history-examples';
import {
  canardDependsOnHistory,
  canardHalf,
  canardHistoryTurns,
} from '../../../src/detection/canard-labels';
import { findNameSpans } from '@clarify/core';
import type { GateHistoryTurn } from '@clarify/core';
import { tokenizeMessage } from '@clarify/core';
import { labelledSplit, type LabelledMessage } from '../../../src/detection/labelled-messages';
import {
  createSeededRandom,
  shuffled,
  type RandomSource,
} from '../../../src/detection/seeded-random';
import type { GateSources } from './load-gate-sources';

/** Where a training example comes from. */
export type TrainingSource =
  | 'workplace'
  | 'workplace-opener'
  | 'workplace-augmented'
  | 'canard'
  | 'canard-rewrite'
  | 'clamber'
  | 'clamber-augmented'
  | 'clariq'
  | 'clariq-augmented';

/** One example of the gate's training set. */
export type GateTrainingExample = {
  message: string;
  history: GateHistoryTurn[];
  label: boolean;
  /** Cross-validation folds never split a group (a thread, a dialogue, a source question). */
  group: string;
  source: TrainingSource;
  weight: number;
};

/** Options of `buildTrainingSet`. */
export type TrainingSetOptions = {
  seed: number;
  /** Loss weight per source (before the classes are balanced). */
  sourceWeights: Record<TrainingSource, number>;
  /** Share of CLAMBER / ClariQ questions that also yield one augmented dependent variant. */
  externalAugmentShare: number;
  /** Augmented variants kept per self-contained workplace message. */
  workplaceVariants: number;
};

/** Follow-up targets that are not capitalised names. */
const GENERIC_TARGETS = [
  'contractors',
  'interns',
  'part-timers',
  'managers',
  'new hires',
  'the UK',
  'Germany',
  'prod',
  'staging',
  'next year',
  'Q4',
  'the EU offices',
  'remote employees',
  'my team',
] as const;

function nameSpansOf(texts: readonly string[]): string[] {
  const names = new Set<string>();
  for (const text of texts) {
    const tokens = tokenizeMessage(text);
    for (const { start, end } of findNameSpans(tokens))
      names.add(
        tokens
          .slice(start, end)
          .map((token) => token.word)
          .join(' '),
      );
  }
  return [...names].sort();
}

function augmented(
  message: string,
  random: RandomSource,
  names: readonly [string, ...string[]],
  count: number,
) {
  return shuffled(augmentStandaloneMessage(message, { random, names }), random).slice(0, count);
}

function workplaceExamples(
  labelled: readonly LabelledMessage[],
  options: TrainingSetOptions,
  random: RandomSource,
) {
  const train = labelled.filter((item) => labelledSplit(item.thread) === 'train');
  const weights = options.sourceWeights;
  const examples: GateTrainingExample[] = train.map((item) => ({
    message: item.message,
    history: item.history,
    label: item.dependsOnHistory,
    group: `workplace:${item.thread}`,
    source: 'workplace',
    weight: weights.workplace,
  }));
  const threads = [...new Map(train.map((item) => [item.thread, item.history])).entries()];
  const names: [string, ...string[]] = [
    GENERIC_TARGETS[0],
    ...GENERIC_TARGETS.slice(1),
    ...nameSpansOf(
      train.flatMap((item) => [item.message, ...item.history.map((turn) => turn.text)]),
    ),
  ];
  threads.forEach(([thread, history], index) => {
    const opener = history[0]?.text ?? '';
    const previous = threads[(index + threads.length - 1) % threads.length]?.[1] ?? [];
    examples.push({
      message: opener,
      history: previous.slice(0, 2),
      label: false,
      group: `workplace:${thread}`,
      source: 'workplace-opener',
      weight: weights['workplace-opener'],
    });
    const standalone = [
      opener,
      ...train
        .filter((item) => item.thread === thread && !item.dependsOnHistory)
        .map((item) => item.message),
    ];
    for (const message of standalone)
      for (const variant of augmented(message, random, names, options.workplaceVariants))
        examples.push({
          message: variant.message,
          history:
            message === opener
              ? history.slice(0, 2)
              : [...history.slice(0, 2), { role: 'user', text: message }],
          label: true,
          group: `workplace:${thread}`,
          source: 'workplace-augmented',
          weight: weights['workplace-augmented'],
        });
  });
  return examples;
}

function canardExamples(sources: GateSources, options: TrainingSetOptions): GateTrainingExample[] {
  return (sources.canard ?? [])
    .filter((item) => canardHalf(item.dialogId) === 'train')
    .flatMap((item) => {
      const history = canardHistoryTurns(item);
      const depends = canardDependsOnHistory(item.question, item.rewrite);
      const group = `canard:${item.dialogId}`;
      const original: GateTrainingExample = {
        message: item.question,
        history,
        label: depends,
        group,
        source: 'canard',
        weight: options.sourceWeights.canard,
      };
      if (!depends) return [original];
      return [
        original,
        {
          message: item.rewrite,
          history,
          label: false,
          group,
          source: 'canard-rewrite',
          weight: options.sourceWeights['canard-rewrite'],
        },
      ];
    });
}

function externalExamples(
  questions: readonly string[],
  source: 'clamber' | 'clariq',
  options: TrainingSetOptions,
  random: RandomSource,
): GateTrainingExample[] {
  const names = nameSpansOf(questions);
  if (names.length === 0) return [];
  const examples: GateTrainingExample[] = [];
  questions.forEach((question, index) => {
    const group = `${source}:${index}`;
    const previous = questions[(index + questions.length - 1) % questions.length] ?? '';
    examples.push({
      message: question,
      history: [{ role: 'user', text: previous }],
      label: false,
      group,
      source,
      weight: options.sourceWeights[source],
    });
    if (random() >= options.externalAugmentShare) return;
    for (const variant of augmented(question, random, names as [string, ...string[]], 1))
      examples.push({
        message: variant.message,
        history: [{ role: 'user', text: question }],
        label: true,
        group,
        source: `${source}-augmented`,
        weight: options.sourceWeights[`${source}-augmented`],
      });
  });
  return examples;
}

/**
 * The gate's training set, in a fixed order: the labelled workplace messages of the `train`
 * split (plus thread openers as self-contained examples and augmented dependent variants), the
 * `train` half of CANARD (questions, and gold rewrites as self-contained questions), and
 * CLAMBER / ClariQ questions as self-contained examples with some augmented variants.
 */
export function buildTrainingSet(
  sources: GateSources,
  options: TrainingSetOptions,
): GateTrainingExample[] {
  const random = createSeededRandom(options.seed);
  return [
    ...workplaceExamples(sources.labelled, options, random),
    ...canardExamples(sources, options),
    ...externalExamples(sources.clamber ?? [], 'clamber', options, random),
    ...externalExamples(sources.clariq ?? [], 'clariq', options, random),
  ];
}
