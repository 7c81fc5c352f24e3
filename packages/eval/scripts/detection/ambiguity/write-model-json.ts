import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

/** Writes a model as JSON and formats it with the repository's Prettier, as `pnpm format` would. */
export function writeModelJson(path: string, model: unknown): void {
  writeFileSync(path, `${JSON.stringify(model, null, 2)}\n`);
  try {
    execFileSync('pnpm', ['exec', 'prettier', '--write', path], { stdio: 'ignore' });
  } catch {
    console.warn(`could not run prettier; run \`pnpm format\` before committing ${path}`);
  }
}
