export { runWorker, SHUTDOWN_LIMIT_MS } from './run-worker';
