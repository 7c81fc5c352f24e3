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
const TOPIC_WORDS = 8;

export type SyntheticCorpus = {
  reader: SourceReader;
  documents: number;
  /** Queries built from one section's topic words; `expected` is that section's document. */
  queries: Array<{ text: string; expected: string }>;
};

/**
 * Documents of 10 sections, each section ~90 words: Zipf-distributed common words plus eight
 * topic words of its own, so that queries made of topic words have a right answer.
 */
export function createSyntheticCorpus(input: {
  chunks: number;
  queries: number;
  seed?: number;
}): SyntheticCorpus {
  const random = createRandom(input.seed ?? 42);
  const vocabulary = buildVocabulary(8_000, random);
  const zipf = zipfSampler(vocabulary.length);
  const documentCount = Math.max(1, Math.round(input.chunks / SECTIONS_PER_DOCUMENT));
  const topicOf = (document: number, section: number) => {
    const local = createRandom(document * 1_000 + section + 7);
    return Array.from(
      { length: TOPIC_WORDS },
      () => vocabulary[Math.floor(local() * vocabulary.length)] as string,
    );
  };

  const render = (document: number): string => {
    const local = createRandom(document + 1);
    const sections = Array.from({ length: SECTIONS_PER_DOCUMENT }, (_, section) => {
      const topic = topicOf(document, section);
      const words = Array.from({ length: WORDS_PER_SECTION }, () =>
        local() < 0.3 ? topic[Math.floor(local() * topic.length)] : vocabulary[zipf(local)],
      );
      return `## Section ${section} ${topic[0]}\n\n${sentences(words)}`;
    });
    return `# Document ${document}\n\n${sections.join('\n\n')}\n`;
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
    const topic = topicOf(document, Math.floor(random() * SECTIONS_PER_DOCUMENT));
    return { text: topic.slice(0, 4).join(' '), expected: `doc-${document}.md` };
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

function sentences(words: readonly (string | undefined)[]): string {
  const parts: string[] = [];
  for (let start = 0; start < words.length; start += 15) {
    const sentence = words.slice(start, start + 15).join(' ');
    parts.push(sentence.charAt(0).toUpperCase() + sentence.slice(1) + '.');
  }
  return parts.join(' ');
}
