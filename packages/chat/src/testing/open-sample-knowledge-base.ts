import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@clarify/config';
import { ensureSampleSource, openKnowledgeBase, type KnowledgeBase } from '@clarify/runtime';

/** The sample knowledge base, indexed into a fresh PGlite folder that `remove` deletes. */
export async function openSampleKnowledgeBase(): Promise<{
  kb: KnowledgeBase;
  remove: () => Promise<void>;
}> {
  const dataDir = await mkdtemp(join(tmpdir(), 'clarify-chat-'));
  const kb = await openKnowledgeBase({ ...loadConfig({}), dataDir });
  await ensureSampleSource(kb);
  return {
    kb,
    remove: async () => {
      await kb.close().catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
