export { startScriptedOpenAiServer } from './openai-server/start-scripted-openai-server';
export type {
  RecordedRequest,
  ScriptedOpenAiServer,
  ScriptedOpenAiServerOptions,
} from './openai-server/start-scripted-openai-server';
export type { ScriptedReply } from './openai-server/scripted-reply';
export type { ChatReply } from './openai-server/chat-completion-response';
export { createFakeEmbedder } from './fakes/create-fake-embedder';
export type { FakeEmbedder, FakeEmbedderOptions } from './fakes/create-fake-embedder';
export { createCountingEmbedder } from './fakes/create-counting-embedder';
export type { CountingEmbedder } from './fakes/create-counting-embedder';
export { seededVector } from './seeded-vector';
export {
  createMemoryClarificationStore,
  createMemoryConversationStore,
} from './fakes/memory-stores';
export { createMemoryEventLog } from './fakes/create-memory-event-log';
export type { ClaimedEvent, MemoryEventLog } from './fakes/create-memory-event-log';
export { createMemoryFeedbackStore } from './fakes/create-memory-feedback-store';
export { createMemoryAuditLog } from './fakes/create-memory-audit-log';
export { startFakeSlackApi } from './slack/start-fake-slack-api';
export type {
  FakeSlackApi,
  FakeSlackApiOptions,
  ResponseUrlPost,
  SlackApiCall,
} from './slack/start-fake-slack-api';
export type { FakeSlackUser } from './slack/answer-slack-method';
export type { ChannelRateLimit, SlackFailure } from './slack/create-fault-plan';
export type { StoredSlackMessage } from './slack/create-message-store';
export { signSlackRequest } from './slack/sign-slack-request';
export type { SlackSignatureHeaders } from './slack/sign-slack-request';
export {
  sendRaw,
  sendSlackAction,
  sendSlackEvent,
  sendSlashCommand,
} from './slack/send-to-slack-app';
export type {
  SlackAppResponse,
  SlackEventOptions,
  SlashCommandFields,
} from './slack/send-to-slack-app';
export { blockActionPayload, mentionEvent, messageEvent } from './slack/slack-event-builders';
export type { BlockActionFields, SlackMessageEvent } from './slack/slack-event-builders';
export { startFakeBotConnector } from './teams/start-fake-bot-connector';
export type {
  ConnectorCall,
  FakeBotConnector,
  FakeBotConnectorOptions,
} from './teams/start-fake-bot-connector';
export type { ConnectorCallKind } from './teams/route-connector-request';
export type { ConnectorFailure } from './teams/create-connector-fault-plan';
export type { StoredTeamsActivity } from './teams/create-activity-store';
export { graphUserMessage, startFakeGraph } from './teams/start-fake-graph';
export type {
  FakeGraph,
  FakeGraphMessage,
  FakeGraphOptions,
  FakeGraphRequest,
} from './teams/start-fake-graph';
export { signBotToken } from './teams/sign-bot-token';
export type { BotTokenClaims } from './teams/sign-bot-token';
export { sendTeamsActivity } from './teams/send-teams-activity';
export type { TeamsAppResponse } from './teams/send-teams-activity';
export { cardSubmit, channelMention, personalMessage } from './teams/teams-activity-builders';
export type {
  CardSubmitFields,
  ChannelMentionFields,
  PersonalMessageFields,
  TeamsActivity,
} from './teams/teams-activity-builders';
export { startFakeSite } from './web/start-fake-site';
export type {
  FakePage,
  FakeSite,
  FakeSiteFault,
  FakeSiteOptions,
  FakeSiteRequest,
} from './web/start-fake-site';
export { passageFixture } from './passage-fixture';
export {
  quantile,
  sendFromAnotherProcess,
  startLoadClient,
  type LoadClient,
  type LoadRequest,
  type LoadResult,
  type Sent,
} from './load/send-from-another-process';
export {
  ackBenchArgs,
  BENCH_QUESTIONS,
  runAckBench,
  sinceSent,
  waitUntil,
  type AckFigures,
  type AckRun,
} from './load/run-ack-bench';
export {
  startFakeSharePoint,
  type FakeSharePoint,
  type FakeSharePointFault,
  type FakeSharePointMatcher,
  type FakeSharePointOptions,
  type FakeSharePointRequest,
} from './sharepoint/start-fake-sharepoint';
export {
  startFakeConfluence,
  type FakeConfluence,
  type FakeConfluenceFault,
  type FakeConfluenceMatcher,
  type FakeConfluenceOptions,
  type FakeConfluencePageInput,
  type FakeConfluenceRequest,
  type FakeConfluenceSubjects,
} from './confluence/start-fake-confluence';
