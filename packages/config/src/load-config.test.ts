import { describe, expect, it } from 'vitest';
import { isClarifyError } from '@clarify/core';
import { loadConfig } from './load-config';

/** The config_invalid error `loadConfig` throws for `env`. */
function configError(env: Record<string, string>): Error {
  try {
    loadConfig(env);
  } catch (error) {
    expect(isClarifyError(error, 'config_invalid')).toBe(true);
    return error as Error;
  }
  throw new Error('loadConfig accepted an invalid configuration');
}

describe('loadConfig', () => {
  it('defaults to the embedded database and the offline embedder', () => {
    const config = loadConfig({});
    expect(config.dataDir).toBe('.clarify');
    expect(config.database.url).toBeUndefined();
    expect(config.embedding).toEqual({ provider: 'offline', dimensions: 384 });
    expect(config.chunking).toEqual({ targetChars: 1200, overlapChars: 150 });
    expect(config.llm).toEqual({ provider: 'offline' });
    expect(config.pipeline).toEqual({
      strategy: 'verdict',
      consolidation: 'default',
      maxOptions: 3,
    });
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
    const { message } = configError({
      DATABASE_URL: `mysql://user:${secret}@host/db`,
      EMBEDDING_BATCH_SIZE: '-3',
    });
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('EMBEDDING_BATCH_SIZE');
    expect(message).not.toContain(secret);
  });

  it('refuses the openai provider without an API key', () => {
    expect(() => loadConfig({ EMBEDDING_PROVIDER: 'openai' })).toThrow(/EMBEDDING_API_KEY/);
  });

  it('reads the chat model settings: createOpenAiChatModel options and its circuit breaker', () => {
    const config = loadConfig({
      LLM_PROVIDER: 'openai',
      LLM_MODEL: 'gpt-4o-mini',
      LLM_BASE_URL: 'http://127.0.0.1:9999/v1',
      LLM_API_KEY: 'sk-llm',
      OPENAI_API_KEY: 'sk-openai',
      LLM_TIMEOUT_MS: '5000',
      LLM_MAX_RETRIES: '0',
      LLM_CONCURRENCY: '8',
      LLM_STRUCTURED_OUTPUT: 'json_object',
      LLM_BREAKER_FAILURES: '10',
      LLM_BREAKER_RESET_MS: '60000',
    });
    expect(config.llm).toEqual({
      provider: 'openai',
      baseUrl: 'http://127.0.0.1:9999/v1',
      apiKey: 'sk-llm',
      model: 'gpt-4o-mini',
      timeoutMs: 5000,
      maxRetries: 0,
      maxConcurrency: 8,
      structuredOutput: 'json_object',
      breaker: { failures: 10, resetMs: 60_000 },
    });
  });

  it('defaults the chat model settings and falls back to OPENAI_API_KEY', () => {
    const config = loadConfig({
      LLM_PROVIDER: 'openai',
      LLM_MODEL: 'gpt-4o-mini',
      OPENAI_API_KEY: 'sk-openai',
    });
    expect(config.llm).toEqual({
      provider: 'openai',
      baseUrl: undefined,
      apiKey: 'sk-openai',
      model: 'gpt-4o-mini',
      timeoutMs: 30_000,
      maxRetries: 2,
      maxConcurrency: 4,
      structuredOutput: 'json_schema',
      breaker: { failures: 5, resetMs: 30_000 },
    });
  });

  it('ignores the LLM settings while the provider is offline', () => {
    const config = loadConfig({ LLM_MODEL: 'gpt-4o-mini', LLM_API_KEY: 'sk-llm' });
    expect(config.llm).toEqual({ provider: 'offline' });
  });

  it('refuses the openai chat provider without a model or a key, naming both variables', () => {
    expect(() =>
      loadConfig({ LLM_PROVIDER: 'openai', LLM_API_KEY: 'sk-secret-key-value' }),
    ).toThrow(/LLM_MODEL/);
    expect(configError({ LLM_PROVIDER: 'openai' }).message).toMatch(
      /LLM_MODEL and LLM_API_KEY \(or OPENAI_API_KEY\)/,
    );
  });

  it('names bad LLM variables without echoing the key', () => {
    const secret = 'sk-do-not-print-me';
    const { message } = configError({
      LLM_PROVIDER: 'anthropic',
      LLM_API_KEY: secret,
      LLM_TIMEOUT_MS: '0',
      LLM_MAX_RETRIES: '-1',
      LLM_CONCURRENCY: 'many',
      LLM_STRUCTURED_OUTPUT: 'xml',
    });
    for (const name of [
      'LLM_PROVIDER',
      'LLM_TIMEOUT_MS',
      'LLM_MAX_RETRIES',
      'LLM_CONCURRENCY',
      'LLM_STRUCTURED_OUTPUT',
    ]) {
      expect(message).toContain(name);
    }
    expect(message).not.toContain(secret);
  });

  it('reads the pipeline strategy and consolidation setting', () => {
    const config = loadConfig({
      CLARIFY_STRATEGY: 'diva',
      CLARIFY_CONSOLIDATION: 'conservative',
      CLARIFY_MAX_OPTIONS: '5',
    });
    expect(config.pipeline).toEqual({
      strategy: 'diva',
      consolidation: 'conservative',
      maxOptions: 5,
    });
    expect(() => loadConfig({ CLARIFY_STRATEGY: 'guess' })).toThrow(/CLARIFY_STRATEGY/);
    expect(() => loadConfig({ CLARIFY_CONSOLIDATION: 'loose' })).toThrow(/CLARIFY_CONSOLIDATION/);
    expect(() => loadConfig({ CLARIFY_MAX_OPTIONS: '6' })).toThrow(/CLARIFY_MAX_OPTIONS/);
    expect(() => loadConfig({ CLARIFY_MAX_OPTIONS: '1' })).toThrow(/CLARIFY_MAX_OPTIONS/);
  });
});
