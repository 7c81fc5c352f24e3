import { ClarifyError } from '@clarify/core';
import type { GateHistoryTurn } from '@clarify/core';
import { fnv1a } from '@clarify/core';

/** One message of `data/gate/labelled.jsonl`: an alternative next message after its thread. */
export type LabelledMessage = {
  id: string;
  /** Messages of one thread share it; splits never cut a thread. */
  thread: string;
  domain: string;
  history: GateHistoryTurn[];
  message: string;
  dependsOnHistory: boolean;
};

/** Which part of the labelled messages a thread belongs to. */
export type LabelledSplit = 'train' | 'held-out';

function isTurn(value: unknown): value is GateHistoryTurn {
  if (typeof value !== 'object' || value === null) return false;
  const turn = value as Record<string, unknown>;
  return (turn.role === 'user' || turn.role === 'assistant') && typeof turn.text === 'string';
}

/** Parses JSON Lines of labelled messages; throws naming the first malformed line. */
export function parseLabelledMessages(jsonl: string): LabelledMessage[] {
  return jsonl
    .split('\n')
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => line !== '')
    .map(({ line, number }) => {
      let value: Record<string, unknown>;
      try {
        value = JSON.parse(line) as Record<string, unknown>;
      } catch (error) {
        throw new ClarifyError('parse_failed', `labelled message on line ${number} is not JSON`, {
          cause: error,
        });
      }
      const history = value.history;
      if (
        typeof value.id !== 'string' ||
        typeof value.thread !== 'string' ||
        typeof value.domain !== 'string' ||
        typeof value.message !== 'string' ||
        typeof value.dependsOnHistory !== 'boolean' ||
        !Array.isArray(history) ||
        !history.every(isTurn)
      )
        throw new ClarifyError('parse_failed', `labelled message on line ${number} is malformed`);
      return {
        id: value.id,
        thread: value.thread,
        domain: value.domain,
        history,
        message: value.message,
        dependsOnHistory: value.dependsOnHistory,
      };
    });
}

/** The split of the labelled messages: FNV-1a of the thread id, one in four threads held out. */
export function labelledSplit(thread: string): LabelledSplit {
  return fnv1a(thread) % 4 === 0 ? 'held-out' : 'train';
}
