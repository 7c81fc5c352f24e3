import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Reply } from '@clarify/core';
import { openDatabase } from '@clarify/db';
import { createOfflineEmbedder } from '@clarify/llm';
import { sampleKbGoldenDir } from '@clarify/sample-kb';
import { createOfflineAssistant, pipelineParts } from '../knowledge-base';
import type { Output } from '../output';
import { indexSampleKnowledgeBase } from './golden-retrieval';

type GoldenQuestion = {
  id: string;
  question: string;
  history: Array<{ role: 'user' | 'assistant'; text: string }>;
  ambiguous: boolean;
  interpretations: Array<{ passages: string[] }>;
  category: string;
};

/**
 * `clarify bench questions`: the offline pipeline on the sample knowledge base's golden
 * questions (benchmark format v1) — decision accuracy overall and per category, and the share
 * of cited documents that are gold documents. The full metric set comes with `clarify eval`.
 */
export async function runQuestionsBench(output: Output): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'clarify-bench-questions-'));
  const database = await openDatabase({ dataDir });
  try {
    const embedder = createOfflineEmbedder();
    await indexSampleKnowledgeBase(database, embedder);
    const kb = pipelineParts(database, embedder);
    const assistant = createOfflineAssistant(kb);
    const text = await readFile(join(sampleKbGoldenDir, 'questions.jsonl'), 'utf8');
    const questions = text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as GoldenQuestion);
    const categories = new Map<string, { correct: number; total: number }>();
    let cited = 0;
    let citedGold = 0;
    for (const golden of questions) {
      const thread = {
        platform: 'bench',
        workspaceId: 'local',
        channelId: 'questions',
        threadId: golden.id,
      };
      for (const turn of golden.history) {
        await kb.conversations.append({
          thread,
          role: turn.role,
          userId: turn.role === 'user' ? 'bench' : null,
          text: turn.text,
          rewrittenText: null,
          citations: [],
          createdAt: new Date(),
        });
      }
      const reply = await assistant.ask({ thread, userId: 'bench', text: golden.question });
      const expected = golden.ambiguous
        ? 'clarify'
        : golden.interpretations.length > 0
          ? 'answer'
          : 'no-answer';
      const tally = categories.get(golden.category) ?? { correct: 0, total: 0 };
      tally.total++;
      if (reply.kind === expected) tally.correct++;
      else
        output.out(
          `  ${golden.id} [${golden.category}] expected ${expected}, got ${reply.kind}: ${golden.question}`,
        );
      categories.set(golden.category, tally);
      const gold = new Set(
        golden.interpretations.flatMap((interpretation) => interpretation.passages),
      );
      for (const documentId of citedDocuments(reply)) {
        cited++;
        if (gold.has(documentId)) citedGold++;
      }
    }
    const correct = [...categories.values()].reduce((sum, tally) => sum + tally.correct, 0);
    output.out(
      `decision accuracy ${(correct / questions.length).toFixed(3)} on ${questions.length} questions`,
    );
    for (const [category, tally] of categories)
      output.out(`  ${category.padEnd(14)} ${tally.correct}/${tally.total}`);
    output.out(
      `cited documents that are gold documents: ${cited === 0 ? 'n/a' : (citedGold / cited).toFixed(3)} (${cited} cited)`,
    );
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function citedDocuments(reply: Reply): string[] {
  if (reply.kind === 'answer') return reply.citations.map((citation) => citation.documentId);
  if (reply.kind === 'clarify')
    return reply.options.flatMap((option) =>
      option.citations.slice(0, 1).map((citation) => citation.documentId),
    );
  return [];
}
