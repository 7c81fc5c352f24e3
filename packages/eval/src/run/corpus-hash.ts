import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { INDEX_FORMAT_VERSION } from '@clarify/ingest';
import type { BenchmarkCorpus } from '../benchmark/read-benchmark';
import fg from 'fast-glob';

/**
 * What an index of a corpus depends on: the corpus bytes (every file under `docs/`, by path),
 * the embedding model and dimensions, the chunk settings and the index format. Equal hashes
 * mean an index built before can be reused as it is.
 */
export async function corpusHash(
  corpus: BenchmarkCorpus,
  settings: { embeddingModel: string; dimensions: number; chunking: object },
): Promise<string> {
  const hash = createHash('sha256');
  hash.update(
    JSON.stringify({ format: INDEX_FORMAT_VERSION, ...settings, kind: corpus.kind }) + '\n',
  );
  if (corpus.kind === 'jsonl') {
    hash.update(await readFile(corpus.path));
  } else {
    const files = (await fg('**/*', { cwd: corpus.path, onlyFiles: true, dot: false })).sort();
    for (const file of files) {
      hash.update(`\n${file}\n`);
      hash.update(await readFile(`${corpus.path}/${file}`));
    }
  }
  return hash.digest('hex');
}
