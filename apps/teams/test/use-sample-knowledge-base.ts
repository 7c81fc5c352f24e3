export { useSampleKnowledgeBase } from '@clarify/chat/testing';
