import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleKbDir } from '@clarify/sample-kb';
import { startScriptedOpenAiServer } from '@clarify/testing';
import { simulatedChatReply } from '../src/bench/pipeline/simulated-model';
import { runCli } from './run-cli';

const REPO = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const ASQA = resolve(REPO, '../shared/eval/asqa-g');
const SAMPLE_KB = resolve(sampleKbDir, '..');

let workspace: string;
beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'clarify-eval-'));
});
afterAll(async () => {
  await rm(workspace, { recursive: true, force: true });
});

type Report = {
  benchmark: { questions: number; corpus_documents: number; mode: string };
  strategies: Record<
    string,
    {
      overall: Record<string, number | null>;
      by_category: Record<string, Record<string, number | null>>;
      questions: Array<{ id: string; decision: string }>;
    }
  >;
};

async function readReport(dir: string): Promise<Report> {
  return JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as Report;
}

describe('clarify eval', () => {
  it('runs a docs/ benchmark with multi-turn questions, and reuses its index the second time', async () => {
    const out = join(workspace, 'sample-kb-report');
    const args = [
      '--data-dir',
      join(workspace, 'data'),
      'eval',
      SAMPLE_KB,
      '--questions',
      'golden',
    ];
    const first = await runCli([
      ...args,
      '--limit',
      '12',
      '--strategy',
      'verdict,rag',
      '--out',
      out,
    ]);
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(/corpus: 62 documents indexed/);
    const report = await readReport(out);
    expect(report.benchmark).toMatchObject({
      questions: 12,
      corpus_documents: 62,
      mode: 'offline',
    });
    expect(Object.keys(report.strategies)).toEqual(['verdict', 'rag']);
    const verdict = report.strategies.verdict;
    expect(verdict?.questions).toHaveLength(12);
    for (const key of [
      'g_precision',
      'g_recall',
      'g_f1',
      'decision_accuracy',
      'citation_precision',
    ]) {
      expect(verdict?.overall[key]).toBeTypeOf('number');
    }
    expect(Object.keys(verdict?.by_category ?? {})).toContain('ambiguous');
    // rag never clarifies.
    expect(report.strategies.rag?.questions.every((row) => row.decision !== 'clarify')).toBe(true);
    expect(await readFile(join(out, 'report.md'), 'utf8')).toMatch(/\| verdict /);
    expect(await readFile(join(out, 'chart.svg'), 'utf8')).toMatch(/^<svg/);

    const second = await runCli([...args, '--limit', '3', '--strategy', 'verdict', '--out', out]);
    expect(second.code).toBe(0);
    expect(second.stderr).toMatch(/index reused from the cache/);
  });

  it('refuses a strategy that needs an LLM, and an unknown one, with one line', async () => {
    const diva = await runCli([
      '--data-dir',
      join(workspace, 'data'),
      'eval',
      SAMPLE_KB,
      '--questions',
      'golden',
      '--strategy',
      'diva',
    ]);
    expect(diva.code).toBe(1);
    expect(diva.stderr).toMatch(/the diva strategy needs an LLM/);
    const unknown = await runCli(['eval', SAMPLE_KB, '--strategy', 'best']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(/unknown strategy best/);
  });

  it('compares all five strategies against an LLM over HTTP, with their costs in one report', async () => {
    const server = await startScriptedOpenAiServer({ chatReply: simulatedChatReply });
    try {
      const out = join(workspace, 'llm-report');
      const run = await runCli(
        [
          '--data-dir',
          join(workspace, 'data'),
          'eval',
          SAMPLE_KB,
          '--questions',
          'golden',
          '--limit',
          '5',
          '--out',
          out,
        ],
        {
          env: {
            LLM_PROVIDER: 'openai',
            LLM_BASE_URL: server.url,
            LLM_API_KEY: 'sk-eval',
            LLM_MODEL: 'simulated',
            LLM_MAX_RETRIES: '0',
          },
        },
      );
      expect(run.code).toBe(0);
      const report = await readReport(out);
      expect(report.benchmark.mode).toBe('llm');
      expect(Object.keys(report.strategies)).toEqual(['verdict', 'diva', 'adf', 'rac', 'rag']);
      for (const figures of Object.values(report.strategies)) {
        expect(figures.overall.llm_calls_mean).toBeGreaterThan(0);
        expect(figures.overall.prompt_tokens_mean).toBeGreaterThan(0);
      }
      expect(report.strategies.diva?.overall.retrieval_calls_mean).toBeGreaterThan(1);
    } finally {
      await server.close();
    }
  });

  it.runIf(existsSync(ASQA))(
    'runs 50 questions of ASQA-G dev offline (skipped without ../shared/eval/asqa-g)',
    async () => {
      const out = join(workspace, 'asqa-report');
      const run = await runCli([
        '--data-dir',
        join(workspace, 'data'),
        'eval',
        ASQA,
        '--questions',
        'dev',
        '--limit',
        '50',
        '--out',
        out,
      ]);
      expect(run.code).toBe(0);
      const report = await readReport(out);
      expect(report.benchmark).toMatchObject({ questions: 50, corpus_documents: 3256 });
      expect(Object.keys(report.strategies)).toEqual(['verdict', 'adf', 'rag']);
    },
    600_000,
  );
});
