import { z } from 'zod';
import { ClarifyError, STRATEGY_NAMES, type StrategyName } from '@clarify/core';
import type { ConsolidationSetting } from '@clarify/core';

const positiveInt = z.coerce.number().int().positive();
const optionalString = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

export const EnvSchema = z.object({
  CLARIFY_DATA_DIR: optionalString,
  CLARIFY_SOURCES_FILE: optionalString,
  CLARIFY_INDEX_WORKER: z.enum(['in-process', 'external']).optional(),
  CLARIFY_WORKER_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATABASE_POOL_SIZE: positiveInt.default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: positiveInt.default(30_000),
  EMBEDDING_PROVIDER: z.enum(['offline', 'openai']).default('offline'),
  EMBEDDING_MODEL: optionalString,
  EMBEDDING_DIMENSIONS: positiveInt.max(16_000).optional(),
  EMBEDDING_BASE_URL: optionalString.pipe(z.url().optional()),
  EMBEDDING_API_KEY: optionalString,
  EMBEDDING_BATCH_SIZE: positiveInt.max(2048).default(64),
  EMBEDDING_TIMEOUT_MS: positiveInt.default(30_000),
  EMBEDDING_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  LLM_PROVIDER: z.enum(['offline', 'openai']).default('offline'),
  LLM_MODEL: optionalString,
  LLM_BASE_URL: optionalString.pipe(z.url().optional()),
  LLM_API_KEY: optionalString,
  OPENAI_API_KEY: optionalString,
  LLM_TIMEOUT_MS: positiveInt.default(30_000),
  LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  LLM_CONCURRENCY: positiveInt.max(64).default(4),
  LLM_STRUCTURED_OUTPUT: z.enum(['json_schema', 'json_object']).default('json_schema'),
  LLM_BREAKER_FAILURES: positiveInt.max(1000).default(5),
  LLM_BREAKER_RESET_MS: positiveInt.default(30_000),
  CLARIFY_STRATEGY: z.enum(STRATEGY_NAMES).default('verdict'),
  CLARIFY_CONSOLIDATION: z
    .enum(['default', 'conservative'] satisfies ConsolidationSetting[])
    .default('default'),
  CLARIFY_MAX_OPTIONS: positiveInt.min(2).max(5).default(3),
  CHUNK_TARGET_CHARS: positiveInt.min(200).max(20_000).default(1200),
  CHUNK_OVERLAP_CHARS: z.coerce.number().int().min(0).max(5_000).default(150),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type EmbeddingConfig =
  | { provider: 'offline'; dimensions: number }
  | {
      provider: 'openai';
      baseUrl: string | undefined;
      apiKey: string;
      model: string;
      dimensions: number;
      batchSize: number;
      timeoutMs: number;
      maxRetries: number;
    };

/**
 * The chat model of the LLM stages (rewrite, extract, answer). The openai variant's fields map
 * 1:1 onto `createOpenAiChatModel`'s options; 'offline' runs the pipeline without any LLM.
 */
export type LlmConfig =
  | { provider: 'offline' }
  | {
      provider: 'openai';
      baseUrl: string | undefined;
      apiKey: string;
      model: string;
      /** Timeout of each HTTP attempt. */
      timeoutMs: number;
      maxRetries: number;
      /** Chat requests in flight at once. */
      maxConcurrency: number;
      structuredOutput: 'json_schema' | 'json_object';
      /**
       * The circuit breaker: failed calls in a row (each after its retries) that open it, and
       * how long it stays open before a probe may close it.
       */
      breaker: { failures: number; resetMs: number };
    };

/** Which question strategy runs (PIPELINE.md) and how stage 6 clusters. */
export type PipelineConfig = {
  strategy: StrategyName;
  consolidation: ConsolidationSetting;
  /** Options a clarification offers at most (2–5). */
  maxOptions: number;
};

export type ClarifyConfig = {
  dataDir: string;
  database: { url: string | undefined; poolSize: number; statementTimeoutMs: number };
  embedding: EmbeddingConfig;
  llm: LlmConfig;
  pipeline: PipelineConfig;
  chunking: { targetChars: number; overlapChars: number };
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  sources: {
    /** `CLARIFY_SOURCES_FILE`: the YAML file of declared sources (else ./clarify.config.yaml). */
    file: string | undefined;
    /** A secret a source names by its variable (`tokenEnv: CONFLUENCE_TOKEN`); never stored. */
    secret: (name: string) => string | undefined;
    /**
     * `CLARIFY_INDEX_WORKER`: who runs re-indexes and schedules. `in-process` (the default on
     * the embedded database, whose folder one process owns): the chat app itself. `external`
     * (the default with DATABASE_URL): runs are queued in Postgres for `clarify worker`.
     */
    worker: 'in-process' | 'external';
    /** `CLARIFY_WORKER_PORT`: where `clarify worker` serves /healthz, /readyz, /metrics. */
    workerPort: number | undefined;
  };
};

export const DEFAULT_DATA_DIR = '.clarify';
export const DEFAULT_OFFLINE_DIMENSIONS = 384;

/**
 * Reads and validates Clarify's environment. Fails with one message per bad variable, naming
 * the variable and never echoing its value (it may be a secret).
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): ClarifyConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ClarifyError('config_invalid', `invalid configuration: ${problems.join('; ')}`);
  }
  const values = parsed.data;
  return {
    dataDir: values.CLARIFY_DATA_DIR ?? DEFAULT_DATA_DIR,
    sources: {
      file: values.CLARIFY_SOURCES_FILE,
      secret: (name) => env[name],
      worker: values.CLARIFY_INDEX_WORKER ?? (values.DATABASE_URL ? 'external' : 'in-process'),
      workerPort: values.CLARIFY_WORKER_PORT,
    },
    database: {
      url: values.DATABASE_URL,
      poolSize: values.DATABASE_POOL_SIZE,
      statementTimeoutMs: values.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    embedding: embeddingConfig(values),
    llm: llmConfig(values),
    pipeline: {
      strategy: values.CLARIFY_STRATEGY,
      consolidation: values.CLARIFY_CONSOLIDATION,
      maxOptions: values.CLARIFY_MAX_OPTIONS,
    },
    chunking: { targetChars: values.CHUNK_TARGET_CHARS, overlapChars: values.CHUNK_OVERLAP_CHARS },
    logLevel: values.LOG_LEVEL,
  };
}

function embeddingConfig(values: z.infer<typeof EnvSchema>): EmbeddingConfig {
  if (values.EMBEDDING_PROVIDER === 'offline') {
    return {
      provider: 'offline',
      dimensions: values.EMBEDDING_DIMENSIONS ?? DEFAULT_OFFLINE_DIMENSIONS,
    };
  }
  const apiKey = values.EMBEDDING_API_KEY ?? values.LLM_API_KEY ?? values.OPENAI_API_KEY;
  if (!apiKey) {
    throw new ClarifyError(
      'config_invalid',
      'invalid configuration: EMBEDDING_PROVIDER=openai needs EMBEDDING_API_KEY (or LLM_API_KEY / OPENAI_API_KEY)',
    );
  }
  return {
    provider: 'openai',
    baseUrl: values.EMBEDDING_BASE_URL ?? values.LLM_BASE_URL,
    apiKey,
    model: values.EMBEDDING_MODEL ?? 'text-embedding-3-small',
    dimensions: values.EMBEDDING_DIMENSIONS ?? 1536,
    batchSize: values.EMBEDDING_BATCH_SIZE,
    timeoutMs: values.EMBEDDING_TIMEOUT_MS,
    maxRetries: values.EMBEDDING_MAX_RETRIES,
  };
}

function llmConfig(values: z.infer<typeof EnvSchema>): LlmConfig {
  if (values.LLM_PROVIDER === 'offline') return { provider: 'offline' };
  const model = values.LLM_MODEL;
  const apiKey = values.LLM_API_KEY ?? values.OPENAI_API_KEY;
  if (model === undefined || apiKey === undefined) {
    const missing = [
      model === undefined && 'LLM_MODEL',
      apiKey === undefined && 'LLM_API_KEY (or OPENAI_API_KEY)',
    ].filter((name) => name !== false);
    throw new ClarifyError(
      'config_invalid',
      `invalid configuration: LLM_PROVIDER=openai needs ${missing.join(' and ')}`,
    );
  }
  return {
    provider: 'openai',
    baseUrl: values.LLM_BASE_URL,
    apiKey,
    model,
    timeoutMs: values.LLM_TIMEOUT_MS,
    maxRetries: values.LLM_MAX_RETRIES,
    maxConcurrency: values.LLM_CONCURRENCY,
    structuredOutput: values.LLM_STRUCTURED_OUTPUT,
    breaker: { failures: values.LLM_BREAKER_FAILURES, resetMs: values.LLM_BREAKER_RESET_MS },
  };
}
