import { describe, expect, it } from 'vitest';
import { isClarifyError } from '@clarify/core';
import { loadConfig } from './load-config';

describe('loadConfig', () => {
  it('defaults to the embedded database and the offline embedder', () => {
    const config = loadConfig({});
    expect(config.dataDir).toBe('.clarify');
    expect(config.database.url).toBeUndefined();
    expect(config.embedding).toEqual({ provider: 'offline', dimensions: 384 });
    expect(config.chunking).toEqual({ targetChars: 1200, overlapChars: 150 });
  });

  it('reads the OpenAI-compatible embedding settings, with LLM_* as fallbacks', () => {
    const config = loadConfig({
      EMBEDDING_PROVIDER: 'openai',
      LLM_BASE_URL: 'http://127.0.0.1:9999/v1',
      LLM_API_KEY: 'sk-test',
      EMBEDDING_DIMENSIONS: '256',
    });
    expect(config.embedding).toMatchObject({
      provider: 'openai',
      baseUrl: 'http://127.0.0.1:9999/v1',
      apiKey: 'sk-test',
      model: 'text-embedding-3-small',
      dimensions: 256,
    });
  });

  it('names the bad variable and never echoes a secret value', () => {
    const secret = 'postgres-password-in-a-bad-url';
    let error: unknown;
    try {
      loadConfig({ DATABASE_URL: `mysql://user:${secret}@host/db`, EMBEDDING_BATCH_SIZE: '-3' });
    } catch (caught) {
      error = caught;
    }
    expect(isClarifyError(error, 'config_invalid')).toBe(true);
    const message = (error as Error).message;
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('EMBEDDING_BATCH_SIZE');
    expect(message).not.toContain(secret);
  });

  it('refuses the openai provider without an API key', () => {
    expect(() => loadConfig({ EMBEDDING_PROVIDER: 'openai' })).toThrow(/EMBEDDING_API_KEY/);
  });
});
