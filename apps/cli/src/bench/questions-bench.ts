import { createConfiguredAssistant, OFFLINE_PIPELINE } from '@clarify/runtime';
import type { Output } from '../output';
import { askGolden, citedDocuments, expectedKind, readGoldenQuestions } from './golden-questions';
import { withIndexedSampleKb } from './with-sample-kb';

/**
 * `clarify bench questions`: the offline pipeline on the sample knowledge base's golden
 * questions (benchmark format v1) — decision accuracy overall and per category, and the share
 * of cited documents that are gold documents. The full metric set comes with `clarify eval`.
 */
export function runQuestionsBench(output: Output): Promise<void> {
  return withIndexedSampleKb(async (kb) => {
    const assistant = createConfiguredAssistant(OFFLINE_PIPELINE, kb).assistant;
    const questions = await readGoldenQuestions();
    const categories = new Map<string, { correct: number; total: number }>();
    let cited = 0;
    let citedGold = 0;
    let answered = 0;
    let answeredFromGold = 0;
    for (const golden of questions) {
      const reply = await askGolden(assistant, kb.conversations, golden, 'questions');
      const expected = expectedKind(golden);
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
      if (reply.kind === 'answer' && expected === 'answer') {
        answered++;
        const first = reply.citations[0]?.documentId;
        if (first !== undefined && gold.has(first)) answeredFromGold++;
        else output.out(`  ${golden.id} answered from ${first ?? 'nothing'}, not a gold document`);
      }
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
      `direct answers whose first citation is a gold document: ${answeredFromGold}/${answered}`,
    );
    output.out(
      `citation precision (cited passages from gold documents): ${cited === 0 ? 'n/a' : (citedGold / cited).toFixed(3)} (${cited} cited)`,
    );
  });
}
