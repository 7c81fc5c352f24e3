import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../client/database';
import { chunks, documents } from '../schema';

/** A cited chunk with its document, for a page that shows the passage. */
export type StoredPassage = {
  chunkId: string;
  sourceId: string;
  documentId: string;
  title: string;
  uri: string;
  heading: string;
  text: string;
  updatedAt: Date | null;
};

/** The chunk a citation names (its id as citations carry it), or null when it is gone. */
export async function loadPassage(db: AppDatabase, chunkId: string): Promise<StoredPassage | null> {
  const id = Number(chunkId);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await db
    .select({
      sourceId: chunks.sourceId,
      documentId: documents.externalId,
      title: documents.title,
      uri: documents.uri,
      heading: chunks.heading,
      text: chunks.text,
      updatedAt: documents.updatedAt,
    })
    .from(chunks)
    .innerJoin(documents, eq(documents.id, chunks.documentId))
    .where(eq(chunks.id, id))
    .limit(1);
  return row ? { chunkId: String(id), ...row } : null;
}
