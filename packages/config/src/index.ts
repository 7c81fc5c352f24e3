export {
  loadConfig,
  DEFAULT_DATA_DIR,
  DEFAULT_OFFLINE_DIMENSIONS,
  type ClarifyConfig,
  type EmbeddingConfig,
  type LlmConfig,
  type PipelineConfig,
} from './load-config';
export { loadSlackConfig, type SlackConfig, type SlackConnection } from './slack-config';
export { loadChatConfig, type ChatConfig } from './chat-config';
export { loadTeamsConfig, type TeamsConfig, type TeamsCredentials } from './teams-config';
export { isLoopback, loadWebConfig, type OidcConfig, type WebConfig } from './web-config';
export { configVariables } from './config-variables';
