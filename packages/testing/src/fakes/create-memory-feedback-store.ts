import type { Feedback, FeedbackStore } from '@clarify/core';
import { newestFirst, type Numbered } from './newest-first';

const DEFAULT_LIMIT = 100;

/**
 * Votes in memory, with the Postgres store's semantics: one vote per (platform, workspace,
 * channel, message, user); a vote with another rating or answer id replaces it (rating, answer
 * id and createdAt), the same vote again changes nothing. `list` returns newest first, ties in
 * reverse order of first recording, at most `limit` (default 100) votes.
 */
export function createMemoryFeedbackStore(): FeedbackStore {
  const votes: Array<Numbered<Feedback>> = [];
  return {
    record(vote) {
      const found = votes.find(({ row }) => sameVoter(row, vote));
      if (found === undefined) {
        votes.push({ number: votes.length, row: structuredClone(vote) });
      } else if (found.row.rating !== vote.rating || found.row.answerId !== vote.answerId) {
        found.row = structuredClone(vote);
      }
      return Promise.resolve();
    },
    list(options = {}) {
      return Promise.resolve(newestFirst(votes, options.limit ?? DEFAULT_LIMIT));
    },
  };
}

function sameVoter(a: Feedback, b: Feedback): boolean {
  return (
    a.platform === b.platform &&
    a.workspaceId === b.workspaceId &&
    a.channelId === b.channelId &&
    a.messageId === b.messageId &&
    a.userId === b.userId
  );
}
