export {
  startWebConsole,
  type StartedWebConsole,
  type WebConsoleOptions,
} from './start-web-console';
export { optionsFromConfig } from './options-from-config';
