import type { Assistant, ChatModel, Retriever } from '@clarify/core';
import type { LlmCircuit } from '@clarify/llm';
import { metrics } from './metrics';

/** The assistant with every reply (and failure) counted for `platform`. */
export function instrumentAssistant<A extends Pick<Assistant, 'ask' | 'chooseOption'>>(
  assistant: A,
  platform: string,
): A {
  return {
    ...assistant,
    async ask(turn) {
      try {
        const reply = await assistant.ask(turn);
        metrics.reply(platform, reply);
        return reply;
      } catch (error) {
        metrics.failed(platform);
        throw error;
      }
    },
    async chooseOption(request) {
      try {
        const outcome = await assistant.chooseOption(request);
        if (outcome.status === 'answered') metrics.reply(platform, outcome.reply);
        return outcome;
      } catch (error) {
        metrics.failed(platform);
        throw error;
      }
    },
  };
}

/** The chat model with its calls, failures and tokens counted. */
export function instrumentChatModel<M extends ChatModel>(model: M): M {
  return {
    ...model,
    model: model.model,
    async complete(request) {
      try {
        const completion = await model.complete(request);
        metrics.llmCall('ok', completion.usage);
        return completion;
      } catch (error) {
        metrics.llmCall('failed');
        throw error;
      }
    },
    async completeStructured(request) {
      try {
        const completion = await model.completeStructured(request);
        metrics.llmCall('ok', completion.usage);
        return completion;
      } catch (error) {
        metrics.llmCall('failed');
        throw error;
      }
    },
  };
}

/** The circuit's state kept in its gauge. */
export function instrumentCircuit(circuit: LlmCircuit): void {
  metrics.circuit(circuit.state());
  circuit.onChange((state) => metrics.circuit(state));
}

/** The retriever with each search timed. */
export function instrumentRetriever(retriever: Retriever): Retriever {
  return {
    async search(request) {
      const started = performance.now();
      try {
        return await retriever.search(request);
      } finally {
        metrics.retrieval((performance.now() - started) / 1000);
      }
    },
  };
}
