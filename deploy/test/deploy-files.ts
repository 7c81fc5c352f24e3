import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

/** The repository's root. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The apps that ship as images, each with `apps/<app>/Dockerfile`. */
export const APPS = ['slack', 'teams', 'web', 'worker'] as const;
export type App = (typeof APPS)[number];

export const IMAGE_REPOSITORY = 'ghcr.io/clarify-bot/clarify-';

export function readText(path: string): string {
  return readFileSync(`${ROOT}${path}`, 'utf8');
}

/** Every document of a YAML file, as plain objects; a syntax error fails the test. */
export function readYamlDocuments(path: string): Array<Record<string, unknown>> {
  return parseAllDocuments(readText(path)).map((document) => {
    if (document.errors.length > 0) throw new Error(`${path}: ${document.errors[0]?.message}`);
    return document.toJS() as Record<string, unknown>;
  });
}

/** What an app's Dockerfile says about it: the port it exposes, checks and configures. */
export type DockerfileFacts = {
  exposed: number;
  healthcheckPort: number;
  env: Record<string, string>;
  user: string;
  workdir: string;
  cmd: string[];
};

export function dockerfileFacts(app: App): DockerfileFacts {
  const text = readText(`apps/${app}/Dockerfile`);
  const runtime = text.slice(text.lastIndexOf('\nFROM '));
  const env: Record<string, string> = {};
  for (const line of runtime.matchAll(/^ENV (.+)$/gm)) {
    for (const pair of (line[1] ?? '').matchAll(/([A-Z_]+)=(\S+)/g))
      env[pair[1] ?? ''] = pair[2] ?? '';
  }
  return {
    exposed: Number(/^EXPOSE (\d+)$/m.exec(runtime)?.[1]),
    healthcheckPort: Number(/127\.0\.0\.1:(\d+)\/healthz/.exec(runtime)?.[1]),
    env,
    user: /^USER (\S+)$/m.exec(runtime)?.[1] ?? 'root',
    workdir: /^WORKDIR (\S+)$/m.exec(runtime)?.[1] ?? '',
    cmd: JSON.parse(/^CMD (\[.+\])$/m.exec(runtime)?.[1] ?? '[]') as string[],
  };
}

/** The environment variable that sets an app's port in its image. */
export const PORT_VARIABLE: Record<App, string> = {
  slack: 'PORT',
  teams: 'PORT',
  web: 'CLARIFY_WEB_PORT',
  worker: 'CLARIFY_WORKER_PORT',
};
