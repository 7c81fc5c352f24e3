export {
  startWebConsole,
  type StartedWebConsole,
  type WebConsoleOptions,
} from './start-web-console';
