import type {
  ChatModel,
  ChatRequest,
  StageTracer,
  StructuredCompletion,
  StructuredSchema,
} from '@clarify/core';
import { waveCosts } from './wave-costs';

/**
 * One structured call as a stage of the trace: its requests, its rounds (a retry for malformed
 * output waited for the first reply) and usage, whether it abstained, and `detail` of its value.
 */
export function structuredStage<T>(input: {
  tracer: StageTracer;
  name: string;
  model: ChatModel;
  request: ChatRequest & { schema: StructuredSchema<T> };
  detail: (value: T | null) => Record<string, unknown>;
}): Promise<StructuredCompletion<T>> {
  return input.tracer.stage(
    input.name,
    () => input.model.completeStructured(input.request),
    (result) => ({
      ...waveCosts([result]),
      detail: { abstained: result.value === null, ...input.detail(result.value) },
    }),
  );
}
