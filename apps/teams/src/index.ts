export { startTeamsApp, type RunningTeamsApp, type TeamsAppOptions } from './create-teams-app';
export { createLogger } from './logging/logger';
