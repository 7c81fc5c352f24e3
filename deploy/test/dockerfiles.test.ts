import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configVariables } from '@clarify/config';
import { APPS, dockerfileFacts, PORT_VARIABLE, readText, ROOT } from './deploy-files';

describe('the Dockerfiles', () => {
  it.each(APPS)('%s: multi-stage, the shared build step, non-root, its port checked', (app) => {
    const text = readText(`apps/${app}/Dockerfile`);
    expect(text.match(/^FROM /gm)).toHaveLength(2);
    expect(text).toContain(`RUN sh deploy/bundle.sh ${app}`);
    const facts = dockerfileFacts(app);
    expect(facts.user).toBe('node');
    expect(facts.workdir).toBe(`/app/apps/${app}`);
    expect(facts.cmd).toEqual(['node', '--import', 'tsx', 'src/main.ts']);
    expect(existsSync(`${ROOT}apps/${app}/src/main.ts`)).toBe(true);
    expect(facts.healthcheckPort).toBe(facts.exposed);
    expect(Number(facts.env[PORT_VARIABLE[app]])).toBe(facts.exposed);
    const known = configVariables();
    for (const name of Object.keys(facts.env)) {
      if (name !== 'NODE_ENV') expect(known, `${app}: ${name}`).toContain(name);
    }
    // No secret is baked into an image.
    expect(text).not.toMatch(/TOKEN=|SECRET=|PASSWORD=|API_KEY=/);
  });

  it('ignores what must not reach the build context', () => {
    const ignored = readText('.dockerignore');
    for (const entry of ['**/node_modules', '.git', '**/.clarify'])
      expect(ignored).toContain(entry);
  });
});
