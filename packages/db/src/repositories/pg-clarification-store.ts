import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import {
  ClarifyError,
  type ClarificationStore,
  type Interpretation,
  type PendingClarification,
} from '@clarify/core';
import type { AppDatabase } from '../client/database';
import { clarifications, type InterpretationRecord } from '../schema';

type ClarificationRow = typeof clarifications.$inferSelect;

/**
 * Pending clarifications in Postgres. `choose` is one conditional UPDATE, so of any number of
 * concurrent clicks exactly one records its option and the others see 'already-chosen'.
 */
export function createPgClarificationStore(db: AppDatabase): ClarificationStore {
  return {
    async save(clarification) {
      await db.insert(clarifications).values({
        id: clarification.id,
        ...clarification.thread,
        userId: clarification.userId,
        question: clarification.question,
        interpretedAs: clarification.interpretedAs,
        interpretations: clarification.interpretations.map(toInterpretationRecord),
        createdAt: clarification.createdAt,
        expiresAt: clarification.expiresAt,
        chosenOptionId: clarification.chosenOptionId,
      });
    },

    async get(id) {
      const row = await findRow(db, id);
      return row ? toClarification(row) : null;
    },

    async choose(id, optionId, now) {
      const optionExists = optionCondition(optionId);
      const [chosen] = await db
        .update(clarifications)
        .set({ chosenOptionId: optionId, chosenAt: now })
        .where(
          and(
            eq(clarifications.id, id),
            isNull(clarifications.chosenOptionId),
            gt(clarifications.expiresAt, now),
            optionExists,
          ),
        )
        .returning();
      if (chosen) return { status: 'chosen', clarification: toClarification(chosen) };

      const row = await findRow(db, id);
      if (!row) return { status: 'not-found' };
      if (!isOption(optionId, row.interpretations.length)) throw invalidOption(id, optionId);
      if (row.chosenOptionId !== null) {
        return { status: 'already-chosen', clarification: toClarification(row) };
      }
      return { status: 'expired' };
    },
  };
}

async function findRow(db: AppDatabase, id: string): Promise<ClarificationRow | undefined> {
  const [row] = await db.select().from(clarifications).where(eq(clarifications.id, id));
  return row;
}

/**
 * "all", "none" (nothing fits: the rephrase is asked afresh), or a positive integer without
 * leading zeros; anything else is rejected at once.
 */
function optionCondition(optionId: string): SQL | undefined {
  if (optionId === 'all' || optionId === 'none') return undefined;
  if (!/^[1-9]\d{0,5}$/.test(optionId)) throw invalidOption(null, optionId);
  return sql`jsonb_array_length(${clarifications.interpretations}) >= ${Number(optionId)}`;
}

function isOption(optionId: string, count: number): boolean {
  return optionId === 'all' || optionId === 'none' || Number(optionId) <= count;
}

function invalidOption(id: string | null, optionId: string): ClarifyError {
  const where = id === null ? '' : ` of clarification ${id}`;
  return new ClarifyError('invalid_input', `"${optionId}" is not an option${where}`);
}

function toClarification(row: ClarificationRow): PendingClarification {
  return {
    id: row.id,
    thread: {
      platform: row.platform,
      workspaceId: row.workspaceId,
      channelId: row.channelId,
      threadId: row.threadId,
    },
    userId: row.userId,
    question: row.question,
    interpretedAs: row.interpretedAs,
    interpretations: row.interpretations.map(fromInterpretationRecord),
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    chosenOptionId: row.chosenOptionId,
  };
}

function toInterpretationRecord(interpretation: Interpretation): InterpretationRecord {
  return {
    ...interpretation,
    passages: interpretation.passages.map((passage) => ({
      ...passage,
      updatedAt: passage.updatedAt?.toISOString() ?? null,
    })),
  };
}

function fromInterpretationRecord(record: InterpretationRecord): Interpretation {
  return {
    ...record,
    passages: record.passages.map((passage) => ({
      ...passage,
      updatedAt: passage.updatedAt === null ? null : new Date(passage.updatedAt),
    })),
  };
}
