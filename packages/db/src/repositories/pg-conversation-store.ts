import { and, desc, eq } from 'drizzle-orm';
import type { Citation, ConversationStore, StoredTurn, ThreadKey } from '@clarify/core';
import type { AppDatabase } from '../client/database';
import { conversationTurns, type CitationRecord } from '../schema';

/** Thread turns in Postgres (`conversation_turns`), read back oldest first. */
export function createPgConversationStore(db: AppDatabase): ConversationStore {
  return {
    async append(turn) {
      await db.insert(conversationTurns).values({
        ...turn.thread,
        role: turn.role,
        userId: turn.userId,
        text: turn.text,
        rewrittenText: turn.rewrittenText,
        citations: turn.citations.map(toCitationRecord),
        createdAt: turn.createdAt,
      });
    },

    async recent(thread, limit) {
      if (limit <= 0) return [];
      const rows = await db
        .select()
        .from(conversationTurns)
        .where(threadIs(thread))
        .orderBy(desc(conversationTurns.createdAt), desc(conversationTurns.id))
        .limit(limit);
      return rows.reverse().map((row): StoredTurn => ({
        thread: {
          platform: row.platform,
          workspaceId: row.workspaceId,
          channelId: row.channelId,
          threadId: row.threadId,
        },
        role: row.role,
        userId: row.userId,
        text: row.text,
        rewrittenText: row.rewrittenText,
        citations: row.citations.map(fromCitationRecord),
        createdAt: row.createdAt,
      }));
    },
  };
}

function threadIs(thread: ThreadKey) {
  return and(
    eq(conversationTurns.platform, thread.platform),
    eq(conversationTurns.workspaceId, thread.workspaceId),
    eq(conversationTurns.channelId, thread.channelId),
    eq(conversationTurns.threadId, thread.threadId),
  );
}

function toCitationRecord(citation: Citation): CitationRecord {
  return { ...citation, updatedAt: citation.updatedAt?.toISOString() ?? null };
}

function fromCitationRecord(record: CitationRecord): Citation {
  return { ...record, updatedAt: record.updatedAt === null ? null : new Date(record.updatedAt) };
}
