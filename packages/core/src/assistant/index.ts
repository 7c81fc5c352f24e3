export {
  createAssistant,
  DEFAULT_ASSISTANT_SETTINGS,
  LLM_UNAVAILABLE_NOTE,
  type Assistant,
  type AssistantDeps,
  type AssistantSettings,
  type Turn,
} from './create-assistant';
export { decide, DEFAULT_MAX_OPTIONS, MAX_OPTIONS, type Decision } from './decide';
export { createTraceRecorder, type TraceRecorder } from './trace-recorder';
export type { PlacesIn, Settlement } from './settle-by-thread';
export { answerPreview } from './answer-preview';
export {
  ALREADY_CHOSEN_TEXT,
  EXPIRED_TEXT,
  NONE_PROMPT,
  ONLY_ASKER_TEXT,
  optionLabel,
  type ChoiceOutcome,
  type ChoiceRefusal,
  type ChoiceRequest,
  type ChosenOption,
} from './choose';
