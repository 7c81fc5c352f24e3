/**
 * Prints the offline embedder's throughput on synthetic ~1,000-character passages.
 * Run from packages/llm: `pnpm exec tsx scripts/bench-offline-embedder.ts [passages] [dimensions]`.
 */
import { createOfflineEmbedder } from '../src/index';

const COMMON_WORDS = `the of and to a in is you that it for on are with as your be this can or by
  from at have an not will if we all our when what which how do my i please before after`.split(
  /\s+/,
);
const TOPIC_WORDS = `vpn password reset account access laptop network policy leave parental
  holiday expense report manager approval onboarding employee benefits insurance payroll
  security token authentication device install update software printer office building
  meeting calendar booking request ticket support service desk email mailbox storage drive
  backup restore incident outage status dashboard invoice purchase order vendor contract
  travel reimbursement receipt deadline quarterly annual review training compliance
  remote working hours overtime sick absence shift schedule badge visitor parking`.split(/\s+/);

const passageCount = Number(process.argv[2] ?? 20_000);
const dimensions = Number(process.argv[3] ?? 384);

/** mulberry32: a tiny seeded PRNG so every run embeds the same passages. */
function createRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick(random: () => number, words: readonly string[]): string {
  return words[Math.floor(random() * words.length)] ?? '';
}

function createPassage(random: () => number): string {
  const sentences: string[] = [];
  let length = 0;
  while (length < 1_000) {
    const words: string[] = [];
    const wordCount = 8 + Math.floor(random() * 12);
    for (let index = 0; index < wordCount; index++) {
      const word = random() < 0.45 ? pick(random, COMMON_WORDS) : pick(random, TOPIC_WORDS);
      // Inflect or invent some words so the vocabulary is not unrealistically small.
      const variant = random();
      if (variant < 0.1) words.push(`${word}s`);
      else if (variant < 0.15) words.push(`${word}ing`);
      else if (variant < 0.2) words.push(`${word}${Math.floor(random() * 1_000)}`);
      else words.push(word);
    }
    const sentence = `${words.join(' ')}.`;
    sentences.push(sentence.charAt(0).toUpperCase() + sentence.slice(1));
    length += sentence.length + 1;
  }
  return sentences.join(' ');
}

const random = createRandom(42);
const passages = Array.from({ length: passageCount }, () => createPassage(random));
const averageLength = passages.reduce((sum, passage) => sum + passage.length, 0) / passageCount;
const embedder = createOfflineEmbedder({ dimensions });

await embedder.embed(passages.slice(0, 500)); // warm-up
const started = performance.now();
await embedder.embed(passages);
const seconds = (performance.now() - started) / 1_000;

console.log(
  `${embedder.model}: ${passageCount} passages of ~${Math.round(averageLength)} chars in ` +
    `${seconds.toFixed(2)} s → ${Math.round(passageCount / seconds)} passages/s`,
);
