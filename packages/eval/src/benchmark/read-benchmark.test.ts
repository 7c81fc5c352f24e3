import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LineProblem } from './line-problems';
import { readBenchmark } from './read-benchmark';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'clarify-benchmark-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const question = (id: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id,
    question: 'How do I reset my password?',
    ambiguous: false,
    interpretations: [{ question: 'q', answers: ['netpass'], passages: ['p1'] }],
    ...extra,
  });

describe('readBenchmark', () => {
  it('reads corpus.jsonl and questions in a subfolder, keeping unknown fields', async () => {
    await writeFile(
      join(dir, 'corpus.jsonl'),
      `${JSON.stringify({ id: 'p1', title: 'VPN', text: 'Use netpass.' })}\n${JSON.stringify({ id: 'p2', text: 'No title.' })}\n`,
    );
    await mkdir(join(dir, 'dev'));
    await writeFile(
      join(dir, 'dev/questions.jsonl'),
      `${question('q1', { category: 'clear', ungrounded_interpretations: ['x'] })}\n\n${question('q2', { history: [{ role: 'user', text: 'hi' }] })}\n`,
    );
    const benchmark = await readBenchmark(dir, {
      questions: 'dev',
      strict: true,
      onProblem: () => undefined,
    });
    expect(benchmark.corpus).toMatchObject({
      kind: 'jsonl',
      documents: [
        { id: 'p1', title: 'VPN', text: 'Use netpass.' },
        { id: 'p2', title: 'p2', text: 'No title.' },
      ],
    });
    expect(
      benchmark.questions.map((item) => [item.id, item.category, item.history.length]),
    ).toEqual([
      ['q1', 'clear', 0],
      ['q2', 'uncategorised', 1],
    ]);
    expect(benchmark.questions[0]?.extra).toEqual({ ungrounded_interpretations: ['x'] });
  });

  it('names the file and line of a malformed line and skips it, or fails when strict', async () => {
    await mkdir(join(dir, 'docs'));
    const lines = [
      question('q1'),
      '{"id": "q2", "question": ',
      question('q3', { ambiguous: 'yes' }),
      question('q1'),
    ];
    await writeFile(join(dir, 'questions.jsonl'), `${lines.join('\n')}\n`);
    const problems: LineProblem[] = [];
    const benchmark = await readBenchmark(dir, {
      strict: false,
      onProblem: (problem) => problems.push(problem),
    });
    expect(benchmark.corpus.kind).toBe('docs');
    expect(benchmark.questions.map((item) => item.id)).toEqual(['q1']);
    const file = join(dir, 'questions.jsonl');
    expect(problems).toEqual([
      { file, line: 2, reason: 'not valid JSON' },
      { file, line: 3, reason: expect.stringContaining('ambiguous') as string },
      { file, line: 4, reason: 'duplicate id q1' },
    ]);
    await expect(readBenchmark(dir, { strict: true, onProblem: () => undefined })).rejects.toThrow(
      `${file}:2: not valid JSON`,
    );
  });

  it('says what is missing', async () => {
    await expect(
      readBenchmark(join(dir, 'nope'), { strict: false, onProblem: () => undefined }),
    ).rejects.toThrow(/no benchmark folder/);
    await expect(readBenchmark(dir, { strict: false, onProblem: () => undefined })).rejects.toThrow(
      /no questions.jsonl/,
    );
    await writeFile(join(dir, 'questions.jsonl'), question('q1'));
    await expect(readBenchmark(dir, { strict: false, onProblem: () => undefined })).rejects.toThrow(
      /neither corpus.jsonl nor a docs\/ folder/,
    );
  });
});
