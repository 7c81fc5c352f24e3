import { and, desc, eq, gte, isNotNull, lt, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AppDatabase } from '../client/database';
import { answerLog, clarifications, feedback, questionLog } from '../schema';

/** The questions of one UTC day, by decision. */
export type DayCount = {
  /** YYYY-MM-DD, UTC. */
  day: string;
  answer: number;
  clarify: number;
  noAnswer: number;
  failed: number;
};

/** How many questions got each decision; `settledByThread` counts those the thread rewrote. */
export type DecisionShares = {
  total: number;
  answer: number;
  clarify: number;
  noAnswer: number;
  failed: number;
  settledByThread: number;
};

/** 👍 and 👎 votes on answers (each user's current vote on a message counts once). */
export type FeedbackTotals = { up: number; down: number };

/** A question the knowledge base could not answer, and how often it was asked. */
export type ContentGap = {
  /** As first asked, trimmed. */
  question: string;
  count: number;
  lastAskedAt: Date;
};

/** An interpretation people chose for a question, and how often. */
export type ChosenClarification = {
  question: string;
  /** The chosen interpretation's text, or 'Answer all'. */
  chosen: string;
  count: number;
  lastChosenAt: Date;
};

/** Answers people marked 👎, by what they answered. */
export type DownvotedAnswer = {
  /** The question as understood, as first asked. */
  question: string;
  /** The reading chosen from a clarification, or null for a direct answer. */
  reading: string | null;
  /** 👎 votes (each user's current vote on an answer counts once). */
  downvotes: number;
  lastVotedAt: Date;
};

/** What the web console shows about the questions asked; `since` bounds are inclusive. */
export interface Analytics {
  /** One entry per UTC day of the last `days` days (oldest first, days without questions included, zeros). */
  questionsPerDay(days: number, now?: Date): Promise<DayCount[]>;
  decisionShares(since: Date): Promise<DecisionShares>;
  feedbackTotals(since: Date): Promise<FeedbackTotals>;
  /** Questions answered 'no-answer', grouped case- and whitespace-insensitively, most frequent first. */
  contentGaps(since: Date, limit: number): Promise<ContentGap[]>;
  /** Clarifications with a chosen option (clarifications.chosen_option_id not null, not 'none'), grouped by question (interpreted_as else question) and chosen text, most frequent first. */
  chosenClarifications(since: Date, limit: number): Promise<ChosenClarification[]>;
  /** Answers whose current vote is 👎, grouped by question (case- and whitespace-insensitively) and reading, most 👎 first. */
  downvotedAnswers(since: Date, limit: number): Promise<DownvotedAnswer[]>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** `count(*)` of the rows, as a number. */
function countRows(): SQL<number> {
  return sql<number>`count(*)`.mapWith(Number);
}

/** `count(*)` of the rows matching `condition`, as a number. */
function countWhere(condition: SQL | undefined): SQL<number> {
  return sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
}

/**
 * A text as compared for grouping: lower case, runs of whitespace as one space, trimmed. It
 * holds no parameters, so the same expression can be selected, grouped and ordered by.
 */
function normalized(column: SQLWrapper): SQL<string> {
  return sql<string>`lower(btrim(regexp_replace(${column}, '[[:space:]]+', ' ', 'g')))`;
}

/** The first element of an aggregated text array, without surrounding whitespace. */
function firstTrimmed(texts: SQL): SQL<string> {
  return sql<string>`(${texts})[1]`.mapWith((text: string) => text.trim());
}

/**
 * Analytics over `question_log`, `feedback` and `clarifications`. Ties in the rankings go to the
 * more recent, then alphabetically, so the order is stable.
 */
export function createPgAnalytics(db: AppDatabase): Analytics {
  const decisionCounts = {
    answer: countWhere(eq(questionLog.decision, 'answer')),
    clarify: countWhere(eq(questionLog.decision, 'clarify')),
    noAnswer: countWhere(eq(questionLog.decision, 'no-answer')),
    failed: countWhere(eq(questionLog.decision, 'failed')),
  };

  return {
    async questionsPerDay(days, now = new Date()) {
      const count = Math.floor(days);
      if (!(count > 0)) return [];
      const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
      const first = today - (count - 1) * DAY_MS;
      const day = sql<string>`to_char(${questionLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
      const rows = await db
        .select({ day, ...decisionCounts })
        .from(questionLog)
        .where(
          and(
            gte(questionLog.createdAt, new Date(first)),
            lt(questionLog.createdAt, new Date(today + DAY_MS)),
          ),
        )
        .groupBy(day);
      const byDay = new Map(rows.map((row) => [row.day, row]));
      return Array.from({ length: count }, (_, index): DayCount => {
        const name = new Date(first + index * DAY_MS).toISOString().slice(0, 10);
        const row = byDay.get(name);
        return {
          day: name,
          answer: row?.answer ?? 0,
          clarify: row?.clarify ?? 0,
          noAnswer: row?.noAnswer ?? 0,
          failed: row?.failed ?? 0,
        };
      });
    },

    async decisionShares(since) {
      const [row] = await db
        .select({
          total: countRows(),
          ...decisionCounts,
          settledByThread: countWhere(isNotNull(questionLog.interpretedAs)),
        })
        .from(questionLog)
        .where(gte(questionLog.createdAt, since));
      return row ?? { total: 0, answer: 0, clarify: 0, noAnswer: 0, failed: 0, settledByThread: 0 };
    },

    async feedbackTotals(since) {
      const [row] = await db
        .select({
          up: countWhere(eq(feedback.rating, 'up')),
          down: countWhere(eq(feedback.rating, 'down')),
        })
        .from(feedback)
        .where(gte(feedback.createdAt, since));
      return row ?? { up: 0, down: 0 };
    },

    async contentGaps(since, limit) {
      if (!(limit > 0)) return [];
      const key = normalized(questionLog.text);
      const lastAskedAt = sql<Date>`max(${questionLog.createdAt})`.mapWith(questionLog.createdAt);
      const count = countRows();
      const question = firstTrimmed(
        sql`array_agg(${questionLog.text} order by ${questionLog.createdAt}, ${questionLog.id})`,
      );
      return db
        .select({ question, count, lastAskedAt })
        .from(questionLog)
        .where(and(eq(questionLog.decision, 'no-answer'), gte(questionLog.createdAt, since)))
        .groupBy(key)
        .orderBy(desc(count), desc(lastAskedAt), key)
        .limit(Math.floor(limit));
    },

    async chosenClarifications(since, limit) {
      if (!(limit > 0)) return [];
      const asked = sql`coalesce(${clarifications.interpretedAs}, ${clarifications.question})`;
      const key = normalized(asked);
      // Option "1" is element 0 of the interpretations; "all" is Answer all. The cast only
      // sees digits: Postgres may test the WHERE conditions in any order.
      const option = clarifications.chosenOptionId;
      const chosen = sql<string>`case when ${option} = 'all' then 'Answer all'
        when ${option} ~ '^[0-9]{1,6}$'
        then ${clarifications.interpretations} -> (${option}::int - 1) ->> 'interpretation' end`;
      const count = countRows();
      const lastChosenAt = sql<Date>`max(${clarifications.chosenAt})`.mapWith(
        clarifications.chosenAt,
      );
      const question = firstTrimmed(
        sql`array_agg(${asked} order by ${clarifications.chosenAt}, ${clarifications.id})`,
      );
      return db
        .select({ question, chosen, count, lastChosenAt })
        .from(clarifications)
        .where(
          and(
            isNotNull(clarifications.chosenOptionId),
            ne(clarifications.chosenOptionId, 'none'),
            gte(clarifications.chosenAt, since),
            // An option id past the end (the store never records one) has no text.
            isNotNull(chosen),
          ),
        )
        .groupBy(key, chosen)
        .orderBy(desc(count), desc(lastChosenAt), key, chosen)
        .limit(Math.floor(limit));
    },

    async downvotedAnswers(since, limit) {
      if (!(limit > 0)) return [];
      const key = normalized(answerLog.question);
      const downvotes = countRows();
      const lastVotedAt = sql<Date>`max(${feedback.createdAt})`.mapWith(feedback.createdAt);
      const question = firstTrimmed(
        sql`array_agg(${answerLog.question} order by ${answerLog.createdAt})`,
      );
      return db
        .select({ question, reading: answerLog.reading, downvotes, lastVotedAt })
        .from(feedback)
        .innerJoin(answerLog, eq(answerLog.answerId, feedback.answerId))
        .where(and(eq(feedback.rating, 'down'), gte(feedback.createdAt, since)))
        .groupBy(key, answerLog.reading)
        .orderBy(desc(downvotes), desc(lastVotedAt), key)
        .limit(Math.floor(limit));
    },
  };
}
