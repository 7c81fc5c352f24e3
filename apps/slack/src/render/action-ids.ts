/** Fixed action ids; options get `clarify_option_<n>` from `clarifyOptionActionId`. */
export const actionIds = {
  answerAll: 'clarify_all',
  noneOfThese: 'clarify_none',
  feedbackUp: 'feedback_up',
  feedbackDown: 'feedback_down',
} as const;

/** Routes every clarify button (`app.action(clarifyActionPattern, …)`). */
export const clarifyActionPattern = /^clarify_(?:option_[1-9][0-9]*|all|none)$/;

/** Routes both feedback buttons. */
export const feedbackActionPattern = /^feedback_(?:up|down)$/;

/** The block_id prefix of the actions blocks holding clarify buttons. */
export const clarifyActionsBlockPrefix = 'clarify_actions_';

export function clarifyOptionActionId(position: number): string {
  return `clarify_option_${position}`;
}

export function isClarifyAction(actionId: string): boolean {
  return clarifyActionPattern.test(actionId);
}

export function isFeedbackAction(actionId: string): boolean {
  return feedbackActionPattern.test(actionId);
}

export {
  decodeChoice,
  decodeFeedback,
  encodeChoice,
  encodeFeedback,
  type Choice,
} from '@clarify/chat';
