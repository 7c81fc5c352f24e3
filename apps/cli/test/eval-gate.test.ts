import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';

const sharedDirectory = process.env.SHARED_DIR ?? join(import.meta.dirname, '../../../../shared');
const evalDirectory = join(sharedDirectory, 'eval');
const detection = join(evalDirectory, 'detection');
const dataPresent =
  existsSync(join(detection, 'canard/dev.json')) && existsSync(join(detection, 'clariq/dev.tsv'));

type Metrics = { count: number; positives: number; f1: number; recall: number; auroc: number };

describe.skipIf(!dataPresent)(
  dataPresent
    ? 'clarify eval-gate on the shared detection sets'
    : `clarify eval-gate skipped: ${join(detection, 'canard/dev.json')} or ${join(detection, 'clariq/dev.tsv')} not found (set SHARED_DIR to the shared folder)`,
  () => {
    it('scores the history gate on the CANARD evaluation half only, and meets the F1 target', async () => {
      const result = await runCli(['eval-gate', 'canard', '--eval-dir', evalDirectory, '--json']);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const figures = JSON.parse(result.stdout) as {
        dataset: string;
        scored: string;
        halves: Record<'train' | 'evaluation', { questions: number; dialogues: number }>;
        metrics: Metrics & { falsePositiveRate: number };
        withoutHistory: { count: number; flagged: number; notFlaggedRate: number };
      };
      expect(figures).toMatchObject({ dataset: 'canard', scored: 'evaluation' });
      expect(figures.halves.train.questions + figures.halves.evaluation.questions).toBe(3430);
      expect(figures.halves.train.dialogues + figures.halves.evaluation.dialogues).toBe(490);
      expect(figures.metrics.count).toBe(figures.halves.evaluation.questions);
      expect(figures.metrics.f1).toBeGreaterThanOrEqual(0.85);
      expect(figures.metrics.auroc).toBeGreaterThan(0.5);
      expect(figures.metrics.falsePositiveRate).toBeLessThan(1);
      expect(figures.withoutHistory).toEqual({
        count: figures.metrics.count,
        flagged: 0,
        notFlaggedRate: 1,
      });
    });

    it('prints a table of the ambiguity classifier on ClariQ dev', async () => {
      const result = await runCli(['eval-gate', join(detection, 'clariq')]);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^ambiguity classifier on ClariQ dev: 29 topics/);
      expect(result.stdout).toMatch(/21 topics of need 2 left out/);
      expect(result.stdout).toMatch(/^set\s+n\s+pos\s+precision\s+recall\s+F1\s+AUROC\s+FPR$/m);
      const row = /^dev\s+29\s+25\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)$/m.exec(
        result.stdout,
      );
      expect(row).not.toBeNull();
      const [precision = 0, recall = 0, f1 = 0] = (row ?? []).slice(1, 4).map(Number);
      expect(f1).toBeCloseTo((2 * precision * recall) / (precision + recall), 2);
      expect(f1).toBeGreaterThan(0.8);
    });
  },
);

describe('clarify eval-gate without data', () => {
  let empty: string;
  beforeAll(async () => {
    empty = await mkdtemp(join(tmpdir(), 'clarify-eval-gate-'));
  });
  afterAll(async () => {
    await rm(empty, { recursive: true, force: true });
  });

  it('fails with one line naming the missing file', async () => {
    const result = await runCli(['eval-gate', 'canard', '--eval-dir', empty]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `clarify: canard data not found: ${join(empty, 'detection/canard/dev.json')}\n`,
    );
  });

  it('names a folder that holds no detection set', async () => {
    const result = await runCli(['eval-gate', empty]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(`no detection set in ${empty}`);
  });
});
