// A worker thread of the readings pool. The workspace runs its TypeScript sources directly, so
// the worker registers tsx before loading the task module (any caller: the CLI, an app, a test).
import { register } from 'tsx/esm/api';

register();
const { default: readInWorker, loaded } = await import('./readings-worker.ts');

export default readInWorker;
export { loaded };
