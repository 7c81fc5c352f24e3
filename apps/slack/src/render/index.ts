export {
  actionIds,
  clarifyActionPattern,
  clarifyActionsBlockPrefix,
  clarifyOptionActionId,
  decodeChoice,
  decodeFeedback,
  encodeChoice,
  encodeFeedback,
  feedbackActionPattern,
  isClarifyAction,
  isFeedbackAction,
  type Choice,
} from './action-ids';
export type {
  ActionsBlock,
  ButtonElement,
  ContextBlock,
  KnownBlock,
  MrkdwnObject,
  PlainTextObject,
  SectionBlock,
  SlackMessage,
} from './block-kit';
export { escapeMrkdwn, safeLink } from './escape-mrkdwn';
export { formatCitation } from './format-citation';
export { markChosen, type ChosenOption } from './mark-chosen';
export { renderReply, renderView, type RenderReplyOptions } from './render-reply';
export { slackLimits, type SlackLimits } from './slack-limits';
export { splitText } from './split-text';
