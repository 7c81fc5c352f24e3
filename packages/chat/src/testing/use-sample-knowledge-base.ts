import { afterAll, beforeAll } from 'vitest';
import type { KnowledgeBase } from '@clarify/runtime';
import { openSampleKnowledgeBase } from './open-sample-knowledge-base';

/**
 * Opens the sample knowledge base in a temporary directory before the file's tests and removes
 * it after them; `opened` receives it (before any `beforeAll` the file registers later).
 */
export function useSampleKnowledgeBase(opened: (kb: KnowledgeBase) => void): void {
  let remove: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const sample = await openSampleKnowledgeBase();
    remove = sample.remove;
    opened(sample.kb);
  }, 120_000);
  afterAll(async () => {
    await remove?.();
  });
}
