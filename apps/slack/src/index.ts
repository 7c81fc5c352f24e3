export { startSlackApp, type RunningSlackApp, type SlackAppOptions } from './create-slack-app';
export { createLogger, type Logger } from './logging/logger';
export { createPgSlackStores } from './slack-stores';
