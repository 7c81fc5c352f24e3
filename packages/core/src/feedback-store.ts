export type FeedbackRating = 'up' | 'down';

/** A user's vote on one answer message. */
export type Feedback = {
  platform: string;
  workspaceId: string;
  channelId: string;
  /** The answer message: Slack's message ts, a Teams activity id. */
  messageId: string;
  /** The opaque id rendered into the feedback buttons. */
  answerId: string;
  userId: string;
  rating: FeedbackRating;
  /** When the user gave this rating. */
  createdAt: Date;
};

export type ListFeedbackOptions = {
  /** At most this many votes (default 100). */
  limit?: number;
};

/**
 * Votes on answers, one per (platform, workspace, channel, message, user): a user changing
 * their vote replaces it (rating, answer id and createdAt), and recording the same vote again,
 * as a double click does, changes nothing.
 */
export interface FeedbackStore {
  record(feedback: Feedback): Promise<void>;
  /** The votes, newest first (by createdAt, then by when first recorded, latest first). */
  list(options?: ListFeedbackOptions): Promise<Feedback[]>;
}
