import { isRecord } from '../is-record';
import { seededVector } from '../seeded-vector';
import { countTokens } from './count-tokens';
import { openAiErrorBody } from './openai-error-body';

export type JsonResponse = { status: number; body: unknown };

/**
 * Answers `POST /v1/embeddings` like OpenAI: one deterministic vector per input (see
 * `seededVector`), `dimensions` from the request or the server default, float arrays or base64
 * per `encoding_format`, and a rough `usage.prompt_tokens`. Empty inputs get OpenAI's 400.
 */
export function createEmbeddingsResponse(body: unknown, defaultDimensions: number): JsonResponse {
  if (!isRecord(body)) return invalid('The request body must be a JSON object.');
  const inputs = toInputTexts(body['input']);
  if (inputs === undefined || inputs.length === 0 || inputs.some((text) => text === '')) {
    return invalid("'$.input' is invalid. Please check the API reference.");
  }
  const dimensions = body['dimensions'] ?? defaultDimensions;
  if (typeof dimensions !== 'number' || !Number.isInteger(dimensions) || dimensions < 1) {
    return invalid("'$.dimensions' must be a positive integer.");
  }
  const useBase64 = body['encoding_format'] === 'base64';
  const promptTokens = inputs.reduce((sum, text) => sum + countTokens(text), 0);
  return {
    status: 200,
    body: {
      object: 'list',
      data: inputs.map((text, index) => {
        const vector = seededVector(text, dimensions);
        return {
          object: 'embedding',
          index,
          embedding: useBase64 ? Buffer.from(vector.buffer).toString('base64') : Array.from(vector),
        };
      }),
      model: typeof body['model'] === 'string' ? body['model'] : 'unknown',
      usage: { prompt_tokens: promptTokens, total_tokens: promptTokens },
    },
  };
}

/** `input` may be a string, strings, or token arrays; token arrays are embedded by their JSON. */
function toInputTexts(input: unknown): string[] | undefined {
  if (typeof input === 'string') return [input];
  if (!Array.isArray(input)) return undefined;
  if (input.every((item) => typeof item === 'number')) return [JSON.stringify(input)];
  return input.map((item: unknown) => (typeof item === 'string' ? item : JSON.stringify(item)));
}

function invalid(message: string): JsonResponse {
  return { status: 400, body: openAiErrorBody(400, message) };
}
