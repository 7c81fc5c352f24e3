import { z } from 'zod';
import { ClarifyError } from '@clarify/core';

const positiveInt = z.coerce.number().int().positive();
const optionalString = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const EnvSchema = z.object({
  CLARIFY_DATA_DIR: optionalString,
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
  LLM_BASE_URL: optionalString.pipe(z.url().optional()),
  LLM_API_KEY: optionalString,
  OPENAI_API_KEY: optionalString,
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

export type ClarifyConfig = {
  dataDir: string;
  database: { url: string | undefined; poolSize: number; statementTimeoutMs: number };
  embedding: EmbeddingConfig;
  chunking: { targetChars: number; overlapChars: number };
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
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
    database: {
      url: values.DATABASE_URL,
      poolSize: values.DATABASE_POOL_SIZE,
      statementTimeoutMs: values.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    embedding: embeddingConfig(values),
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
