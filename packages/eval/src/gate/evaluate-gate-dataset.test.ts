import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { canardHalf } from '../detection';
import { afterAll, describe, expect, it } from 'vitest';
import { evaluateGateFolder } from './evaluate-gate-dataset';
import { formatGateFigures } from './format-gate-figures';

const folder = mkdtempSync(join(tmpdir(), 'clarify-eval-gate-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The first dialogue ids of the form `D<n>` that fall into each CANARD half. */
function dialogueIn(half: 'train' | 'evaluation'): string {
  for (let index = 0; ; index++) if (canardHalf(`D${index}`) === half) return `D${index}`;
}

describe('evaluateGateFolder', () => {
  it('scores the CANARD evaluation half only, and the questions again without history', () => {
    const scored = dialogueIn('evaluation');
    const entry = (dialog: string, question: string, rewrite: string, number: number) => ({
      History: ['Frank Zappa', 'Disbandment', 'What group disbanded?', 'The Mothers of Invention'],
      QuAC_dialog_id: dialog,
      Question: question,
      Question_no: number,
      Rewrite: rewrite,
    });
    writeFileSync(
      join(folder, 'dev.json'),
      JSON.stringify([
        entry(scored, 'When did they disband?', 'When did the Mothers of Invention disband?', 2),
        entry(
          scored,
          'Who founded the Mothers of Invention?',
          'Who founded the Mothers of Invention?',
          3,
        ),
        entry(dialogueIn('train'), 'Why did they break up?', 'Why did Zappa break up?', 2),
      ]),
    );
    const figures = evaluateGateFolder('canard', folder);
    if (figures.dataset !== 'canard') throw new Error('expected CANARD figures');
    expect(figures.halves).toEqual({
      train: { questions: 1, dialogues: 1 },
      evaluation: { questions: 2, dialogues: 1 },
    });
    expect(figures.metrics).toMatchObject({ count: 2, positives: 1 });
    expect(figures.withoutHistory).toEqual({ count: 2, flagged: 0, notFlaggedRate: 1 });
    const lines = formatGateFigures(figures);
    expect(lines[0]).toMatch(/evaluation half: 2 questions from 1 dialogues/);
    expect(lines).toContain('same questions without history: 0 of 2 flagged, "no" for 100.0%');
  });

  it('scores ClariQ topics of need 1 and 3–4, and CLAMBER by category', () => {
    writeFileSync(
      join(folder, 'dev.tsv'),
      [
        'topic_id\tinitial_request\tclarification_need',
        '1\tHow do I get my free annual credit report?\t1',
        '2\tTell me about iron\t4',
        '3\tTell me about Obama family tree.\t2',
      ].join('\n'),
    );
    const clariq = evaluateGateFolder('clariq', folder);
    expect(clariq).toMatchObject({
      dataset: 'clariq',
      leftOut: 1,
      metrics: { count: 2, positives: 1 },
    });
    const line = (question: string, label: number, category: string, subclass: string) =>
      JSON.stringify(
        JSON.stringify({ question, require_clarification: label, category, subclass }),
      );
    const questions = Array.from({ length: 40 }, (_value, index) => [
      line(`Who is the director of film ${index}?`, index % 2, 'LA', 'polysemy'),
      line(`Give me ${index} gift ideas`, 1, 'MC', 'whom'),
      line(`List ${index} mountains`, 0, 'MC', 'none'),
    ]).flat();
    writeFileSync(join(folder, 'clamber_benchmark.jsonl'), questions.join('\n'));
    const clamber = evaluateGateFolder('clamber', folder);
    if (clamber.dataset !== 'clamber') throw new Error('expected CLAMBER figures');
    expect(clamber.halves.train.questions + clamber.halves.evaluation.questions).toBe(120);
    expect(clamber.metrics.count).toBe(clamber.halves.evaluation.questions);
    expect(clamber.groups.map((group) => group.name).sort()).toEqual(['LA', 'LA/polysemy', 'MC']);
    expect(formatGateFigures(clamber).some((text) => /^ {2}LA\/polysemy\s+\d+/.test(text))).toBe(
      true,
    );
  });
});
