import { createFeatureCounts } from '../text/feature-counts';
import type { FeatureCounts } from '../text/feature-counts';
import { extendHash, finalizeHash, hashString } from '../text/hash-string';
import { stem } from '../text/stem';
import { isStopWord } from '../text/stop-words';
import { tokenize } from '../text/tokenize';

/** How much one occurrence of a feature of each family counts. */
const UNIGRAM_WEIGHT = 1;
const BIGRAM_WEIGHT = 0.3;
const CHARACTER_NGRAM_WEIGHT = 0.4;

const UNIGRAM_SEED = hashString('unigram');
const BIGRAM_SEED = hashString('bigram');
const CHARACTER_NGRAM_SEED = hashString('character-ngram');
const SECOND_BUCKET_SEED = 0x5bd1e995;
const SPACE = 0x20;
const WORD_START = 0x02;
const WORD_END = 0x03;
const SHORTEST_NGRAM = 3;
const LONGEST_NGRAM = 5;
/** Longer tokens (hashes, base64, URLs without separators) get no character n-grams. */
const LONGEST_NGRAM_WORD = 32;

/** Reused between calls: embedding is synchronous, so no two texts share them at once. */
const scratch = {
  unigramCounts: createFeatureCounts(),
  bigramCounts: createFeatureCounts(),
  characterNgramCounts: createFeatureCounts(),
};

/**
 * Feature-hashes one text into a unit vector of `dimensions` floats. Features: stemmed word
 * unigrams without stop words, bigrams of consecutive content words, and character 3–5-grams of
 * each word with boundary markers. Each feature weighs (1 + ln tf) × its family's weight; its
 * bucket and sign come from a 32-bit hash. A text without tokens becomes the unit vector on
 * dimension 0, because a zero vector has no cosine (pgvector returns NaN).
 */
export function embedText(text: string, dimensions: number): Float32Array {
  const tokens = tokenize(text);
  const contentTokens = tokens.filter((token) => !isStopWord(token));
  const words = contentTokens.length > 0 ? contentTokens : tokens;
  const wordCounts = countWords(words);
  const stems = new Map<string, string>();
  for (const word of wordCounts.keys()) stems.set(word, stem(word));

  const { unigramCounts, bigramCounts, characterNgramCounts } = scratch;
  unigramCounts.clear();
  bigramCounts.clear();
  characterNgramCounts.clear();
  for (const [word, count] of wordCounts) {
    unigramCounts.add(hashString(stems.get(word) ?? word, UNIGRAM_SEED), count);
  }
  for (let index = 1; index < words.length; index++) {
    const first = stems.get(words[index - 1] ?? '') ?? '';
    const second = stems.get(words[index] ?? '') ?? '';
    bigramCounts.add(hashString(second, extendHash(hashString(first, BIGRAM_SEED), SPACE)), 1);
  }
  for (const [word, count] of wordCounts) {
    if (word.length <= LONGEST_NGRAM_WORD) countCharacterNgrams(characterNgramCounts, word, count);
  }

  const vector = new Float32Array(dimensions);
  addFeatures(vector, unigramCounts, UNIGRAM_WEIGHT);
  addFeatures(vector, bigramCounts, BIGRAM_WEIGHT);
  addFeatures(vector, characterNgramCounts, CHARACTER_NGRAM_WEIGHT);
  return normalize(vector);
}

/** Counts the 3–5-grams of `<word>` (with boundary markers), `count` times each occurrence. */
function countCharacterNgrams(counts: FeatureCounts, word: string, count: number): void {
  const markedLength = word.length + 2;
  for (let start = 0; start + SHORTEST_NGRAM <= markedLength; start++) {
    let hash = CHARACTER_NGRAM_SEED;
    const end = Math.min(markedLength, start + LONGEST_NGRAM);
    for (let position = start; position < end; position++) {
      hash = extendHash(hash, markedCharCode(word, position));
      if (position - start + 1 >= SHORTEST_NGRAM) counts.add(hash, count);
    }
  }
}

/** The word's code units framed by a start and an end marker, so prefixes and suffixes count. */
function markedCharCode(word: string, position: number): number {
  if (position === 0) return WORD_START;
  if (position > word.length) return WORD_END;
  return word.charCodeAt(position - 1);
}

/**
 * Adds each feature with weight × (1 + ln tf) to two buckets (signs and buckets from its hash),
 * each with 1/√2 of the weight: a collision then distorts a cosine half as much, at the same
 * length.
 */
function addFeatures(vector: Float32Array, counts: FeatureCounts, weight: number): void {
  const scale = weight * Math.SQRT1_2;
  counts.forEach((hash, count) => {
    const value = scale * (1 + Math.log(count));
    addToBucket(vector, finalizeHash(hash), value);
    addToBucket(vector, finalizeHash(hash ^ SECOND_BUCKET_SEED), value);
  });
}

function addToBucket(vector: Float32Array, mixed: number, value: number): void {
  const bucket = (mixed & 0x7fffffff) % vector.length;
  vector[bucket] = (vector[bucket] ?? 0) + (mixed < 0 ? -value : value);
}

function countWords(words: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

function normalize(vector: Float32Array): Float32Array {
  let sumOfSquares = 0;
  for (const value of vector) sumOfSquares += value * value;
  if (sumOfSquares === 0) {
    vector.fill(0);
    vector[0] = 1;
    return vector;
  }
  const scale = 1 / Math.sqrt(sumOfSquares);
  for (let index = 0; index < vector.length; index++) vector[index] = (vector[index] ?? 0) * scale;
  return vector;
}
