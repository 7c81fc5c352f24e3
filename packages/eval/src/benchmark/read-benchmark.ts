import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ClarifyError } from '@clarify/core';
import type { BenchmarkQuestion, CorpusDocument } from '../types';
import { CorpusLineSchema, QuestionLineSchema } from './benchmark-schemas';
import { handleProblem, type ProblemHandling } from './line-problems';
import { readJsonl } from './read-jsonl';

/** Where a benchmark's documents are: a `corpus.jsonl` of records, or a `docs/` folder. */
export type BenchmarkCorpus =
  { kind: 'jsonl'; path: string; documents: CorpusDocument[] } | { kind: 'docs'; path: string };

export type Benchmark = {
  path: string;
  corpus: BenchmarkCorpus;
  questionsFile: string;
  questions: BenchmarkQuestion[];
};

/**
 * Reads a benchmark in format v1 (design/BENCHMARK-FORMAT.md): the corpus (`corpus.jsonl`, else
 * `docs/`) and `questions.jsonl`, at the top or in the `questions` subfolder. Bad lines are
 * reported with file and line, then skipped, or fail the run when `strict`. Duplicate question
 * ids are bad lines too: a report row must name one question.
 */
export async function readBenchmark(
  dir: string,
  options: { questions?: string } & ProblemHandling,
): Promise<Benchmark> {
  const path = resolve(dir);
  if (!existsSync(path) || !statSync(path).isDirectory()) {
    throw new ClarifyError('invalid_input', `no benchmark folder at ${path}`);
  }
  const questionsFile = join(path, options.questions ?? '', 'questions.jsonl');
  if (!existsSync(questionsFile)) {
    throw new ClarifyError('invalid_input', `no questions.jsonl at ${questionsFile}`);
  }
  const corpus = await readCorpus(path, options);
  const questions: BenchmarkQuestion[] = [];
  const seen = new Set<string>();
  const lines = await readJsonl(questionsFile, QuestionLineSchema, options);
  for (const { line, value: question } of lines) {
    if (seen.has(question.id)) {
      handleProblem({ file: questionsFile, line, reason: `duplicate id ${question.id}` }, options);
      continue;
    }
    seen.add(question.id);
    questions.push(question);
  }
  return { path, corpus, questionsFile, questions };
}

async function readCorpus(path: string, handling: ProblemHandling): Promise<BenchmarkCorpus> {
  const jsonl = join(path, 'corpus.jsonl');
  if (existsSync(jsonl)) {
    const lines = await readJsonl(jsonl, CorpusLineSchema, handling);
    const documents = lines.map(({ value }) => ({
      id: value.id,
      title: value.title?.trim() || value.id,
      text: value.text,
    }));
    return { kind: 'jsonl', path: jsonl, documents };
  }
  const docs = join(path, 'docs');
  if (existsSync(docs) && statSync(docs).isDirectory()) return { kind: 'docs', path: docs };
  throw new ClarifyError('invalid_input', `${path} has neither corpus.jsonl nor a docs/ folder`);
}
