import { measureFirstAnswers } from '@clarify/web/bench';
import type { Output } from '../output';
import { median, quantile } from './statistics';

/**
 * `clarify bench web`: how long a newcomer waits for the first answer in the web console on
 * the embedded default, from the click on "Ask" to the reply on the page (headless Chromium),
 * against the assistant alone answering the same questions in the same run.
 */
export async function runWebBench(output: Output, options: { rounds: number }): Promise<void> {
  output.err(`clarify: bench web: sample knowledge base, ${options.rounds} rounds…`);
  const figures = await measureFirstAnswers(options);
  const ms = (value: number) => `${Math.round(value)} ms`;
  const browser = median(figures.browserMs);
  const assistant = median(figures.assistantMs);
  output.out('Web console, embedded default (PGlite, offline engine), first questions');
  output.out(`  first question after start:   ${ms(figures.coldMs)} (click to reply shown)`);
  output.out(
    `  later questions (n=${figures.browserMs.length}):      median ${ms(browser)}, p90 ${ms(quantile(figures.browserMs, 0.9))}, max ${ms(Math.max(...figures.browserMs))}`,
  );
  output.out(
    `  assistant alone, same questions: median ${ms(assistant)}, p90 ${ms(quantile(figures.assistantMs, 0.9))}`,
  );
  output.out(
    `  page overhead: ${ms(browser - assistant)} (browser / assistant ${(browser / assistant).toFixed(2)}×)`,
  );
}
