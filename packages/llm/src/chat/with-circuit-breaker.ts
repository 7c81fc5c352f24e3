import {
  BrokenCircuitError,
  circuitBreaker,
  CircuitState,
  ConsecutiveBreaker,
  handleWhen,
} from 'cockatiel';
import { ClarifyError, isClarifyError, type ChatModel, type ChatRequest } from '@clarify/core';

export type CircuitStateName = 'closed' | 'open' | 'half-open';

/** The LLM's circuit as readiness checks and metrics see it. */
export type LlmCircuit = {
  state(): CircuitStateName;
  /** Called on every change of state (metrics, logs). */
  onChange(listener: (state: CircuitStateName) => void): void;
  /** Stops the probe timer (the process is stopping). */
  dispose(): void;
};

export type CircuitBreakerOptions = {
  /** Consecutive failed calls (after their own retries) that open the circuit. */
  failures: number;
  /** How long it stays open before a probe may close it. */
  resetMs: number;
  /** Sends a one-token request when the reset time has passed, so no user waits on the probe. */
  probe?: boolean;
};

const NAMES: Record<CircuitState, CircuitStateName> = {
  [CircuitState.Closed]: 'closed',
  [CircuitState.Open]: 'open',
  [CircuitState.HalfOpen]: 'half-open',
  [CircuitState.Isolated]: 'open',
};

const PROBE: ChatRequest = {
  messages: [{ role: 'user', content: 'Reply with the word ok.' }],
  maxTokens: 1,
  purpose: 'circuit-probe',
};

/**
 * The chat model behind a circuit breaker (cockatiel): after `failures` failed calls in a row
 * the circuit opens and every call fails at once with `llm_failed`, so the pipeline answers
 * from the offline engine without waiting on timeouts (LF-3). After `resetMs` one call (a probe
 * of its own, or the next question's) goes through: success closes the circuit, failure opens
 * it again.
 */
export function withCircuitBreaker(
  model: ChatModel,
  options: CircuitBreakerOptions,
): ChatModel & { circuit: LlmCircuit } {
  const policy = circuitBreaker(
    handleWhen((error) => isClarifyError(error, 'llm_failed')),
    { halfOpenAfter: options.resetMs, breaker: new ConsecutiveBreaker(options.failures) },
  );
  const listeners: Array<(state: CircuitStateName) => void> = [];
  let probeTimer: NodeJS.Timeout | null = null;
  const run = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await policy.execute(call);
    } catch (error) {
      if (error instanceof BrokenCircuitError) {
        throw new ClarifyError(
          'llm_failed',
          `the AI model is failing (${options.failures} calls in a row); answering offline until it recovers`,
          { cause: error },
        );
      }
      throw error;
    }
  };
  const scheduleProbe = () => {
    if (options.probe === false || probeTimer !== null) return;
    probeTimer = setTimeout(() => {
      probeTimer = null;
      if (policy.state !== CircuitState.Open) return;
      // The probe's outcome is the circuit's new state; a failure schedules the next probe.
      run(() => model.complete(PROBE)).catch(() => undefined);
    }, options.resetMs + 10);
    probeTimer.unref();
  };
  policy.onStateChange((state) => {
    if (state === CircuitState.Open) scheduleProbe();
    for (const listener of listeners) listener(NAMES[state]);
  });
  return {
    get model() {
      return model.model;
    },
    complete: (request) => run(() => model.complete(request)),
    completeStructured: (request) => run(() => model.completeStructured(request)),
    circuit: {
      state: () => NAMES[policy.state],
      onChange: (listener) => listeners.push(listener),
      dispose() {
        if (probeTimer !== null) clearTimeout(probeTimer);
        probeTimer = null;
      },
    },
  };
}
