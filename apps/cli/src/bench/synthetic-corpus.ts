import type { SourceItem, SourceReader } from '@clarify/ingest';

/** A small deterministic PRNG (mulberry32), so every run benchmarks the same corpus. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ne',
  'ru',
  'sa',
  'ti',
  'vo',
  'ze',
  'pa',
  'qu',
  'ron',
  'del',
  'mar',
  'tis',
  'gen',
  'bal',
  'cor',
  'fin',
  'lux',
];
const SECTIONS_PER_DOCUMENT = 10;
const WORDS_PER_SECTION = 90;
const VOCABULARY_SIZE = 8_000;
/** Ranks below this are everyday words (Zipf); the rest are topic and section terms. */
const COMMON_WORDS = 2_000;
const WORDS_PER_TOPIC = 40;
const WORDS_PER_SECTION_TERMS = 6;
const DOCUMENTS_PER_TOPIC = 20;

export type SyntheticCorpus = {
  reader: SourceReader;
  documents: number;
  /** Queries made of one section's own terms and its topic; `expected` is that section's document. */
  queries: Array<{ text: string; expected: string }>;
};

/**
 * A corpus with the shape of a real one: documents grouped by topic (about 20 documents share
 * a topic's 40 terms), each of 10 sections of ~90 words — 60% Zipf-distributed everyday words,
 * 25% topic terms, 15% six terms of the section's own. Neighbourhoods are topical, as with real
 * embeddings, and queries made of a section's terms have one right document.
 */
export function createSyntheticCorpus(input: {
  chunks: number;
  queries: number;
  seed?: number;
}): SyntheticCorpus {
  const random = createRandom(input.seed ?? 42);
  const vocabulary = buildVocabulary(VOCABULARY_SIZE, random);
  const zipf = zipfSampler(COMMON_WORDS);
  const documentCount = Math.max(1, Math.round(input.chunks / SECTIONS_PER_DOCUMENT));
  const topicCount = Math.max(1, Math.round(documentCount / DOCUMENTS_PER_TOPIC));
  const rareWord = (draw: () => number) =>
    vocabulary[COMMON_WORDS + Math.floor(draw() * (VOCABULARY_SIZE - COMMON_WORDS))] as string;
  const topics = Array.from({ length: topicCount }, (_, topic) => {
    const local = createRandom(topic * 7_919 + 13);
    return Array.from({ length: WORDS_PER_TOPIC }, () => rareWord(local));
  });
  const topicOf = (document: number) => topics[document % topicCount] as string[];
  const sectionTerms = (document: number, section: number) => {
    const local = createRandom(document * 1_000 + section + 7);
    return Array.from({ length: WORDS_PER_SECTION_TERMS }, () => rareWord(local));
  };
  const pick = (words: readonly string[], draw: () => number) =>
    words[Math.floor(draw() * words.length)] as string;

  const render = (document: number): string => {
    const local = createRandom(document + 1);
    const topic = topicOf(document);
    const sections = Array.from({ length: SECTIONS_PER_DOCUMENT }, (_, section) => {
      const own = sectionTerms(document, section);
      const words = Array.from({ length: WORDS_PER_SECTION }, () => {
        const roll = local();
        if (roll < 0.15) return pick(own, local);
        if (roll < 0.4) return pick(topic, local);
        return vocabulary[zipf(local)] as string;
      });
      return `## Section ${section} ${own[0]}\n\n${sentences(words)}`;
    });
    return `# Document ${document} ${topic[0]}\n\n${sections.join('\n\n')}\n`;
  };

  const items: SourceItem[] = Array.from({ length: documentCount }, (_, document) => ({
    externalId: `doc-${document}.md`,
    uri: `synthetic://doc-${document}`,
    modifiedAt: null,
    sizeBytes: null,
    read: () => Promise.resolve(new TextEncoder().encode(render(document))),
  }));

  const queries = Array.from({ length: input.queries }, () => {
    const document = Math.floor(random() * documentCount);
    const own = sectionTerms(document, Math.floor(random() * SECTIONS_PER_DOCUMENT));
    const text = [own[0], own[1], own[2], pick(topicOf(document), random)].join(' ');
    return { text, expected: `doc-${document}.md` };
  });

  return { reader: { list: () => Promise.resolve(items) }, documents: documentCount, queries };
}

function buildVocabulary(size: number, random: () => number): string[] {
  const words = new Set<string>();
  while (words.size < size) {
    const length = 2 + Math.floor(random() * 3);
    let word = '';
    for (let index = 0; index < length; index++)
      word += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    words.add(word);
  }
  return [...words];
}

function zipfSampler(size: number) {
  const cumulative = new Float64Array(size);
  let total = 0;
  for (let rank = 0; rank < size; rank++) {
    total += 1 / (rank + 1);
    cumulative[rank] = total;
  }
  return (random: () => number): number => {
    const target = random() * total;
    let low = 0;
    let high = size - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((cumulative[middle] as number) < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

function sentences(words: readonly string[]): string {
  const parts: string[] = [];
  for (let start = 0; start < words.length; start += 15) {
    const sentence = words.slice(start, start + 15).join(' ');
    parts.push(sentence.charAt(0).toUpperCase() + sentence.slice(1) + '.');
  }
  return parts.join(' ');
}
