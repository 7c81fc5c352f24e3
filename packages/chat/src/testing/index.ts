export { openSampleKnowledgeBase } from './open-sample-knowledge-base';
export {
  createRecordingPlatform,
  type RecordedCall,
  type RecordedMessage,
  type RecordingPlatform,
} from './recording-platform';
