export { createMemoryQuestionLog, type MemoryQuestionLog } from './create-memory-question-log';
export { openSampleKnowledgeBase } from './open-sample-knowledge-base';
export {
  createRecordingPlatform,
  type RecordedCall,
  type RecordedMessage,
  type RecordingPlatform,
} from './recording-platform';
export {
  answerReply,
  clarifyReply,
  emptyTrace,
  makeCitation,
  makeOption,
  noAnswerReply,
} from './reply-fixtures';
export { useSampleKnowledgeBase } from './use-sample-knowledge-base';
export {
  CONTRACT_ADMIN,
  CONTRACT_ASKER,
  describeChatContract,
  type ChatDriver,
  type ContractReply,
} from './chat-contract';
