import type { Assistant, Reply } from '@clarify/core';
import { describeError } from '@clarify/core';
import type { StaleSource, StaleSourcesOf } from './stale-sources';

/**
 * The assistant, its answers noting when a cited source has not been refreshed for twice its
 * schedule ("The wiki was last refreshed on 12 Nov 2026; it may be out of date."). A failure to
 * tell is not a reason to withhold the answer: it goes out without the note.
 */
export function withFreshnessNotes(
  assistant: Assistant,
  staleSources: StaleSourcesOf,
  onError: (message: string) => void = () => {},
): Assistant {
  async function noted(reply: Reply): Promise<Reply> {
    if (reply.kind !== 'answer') return reply;
    try {
      const stale = await staleSources([
        ...new Set(reply.citations.map((citation) => citation.sourceId)),
      ]);
      if (stale.length === 0) return reply;
      const note = [reply.note, freshnessNote(stale)].filter(Boolean).join('\n');
      return { ...reply, note };
    } catch (error) {
      onError(`could not check the sources' freshness: ${describeError(error)}`);
      return reply;
    }
  }
  return {
    ask: async (turn) => noted(await assistant.ask(turn)),
    choose: async (...args) => noted(await assistant.choose(...args)),
    chooseOption: async (request) => {
      const outcome = await assistant.chooseOption(request);
      return outcome.status === 'answered'
        ? { ...outcome, reply: await noted(outcome.reply) }
        : outcome;
    },
  };
}

/** "The wiki was last refreshed on 12 Nov 2026; it may be out of date." */
export function freshnessNote(stale: readonly StaleSource[]): string {
  const parts = stale.map(
    (source) => `${source.name} was last refreshed on ${day(source.lastIndexedAt)}`,
  );
  return `${parts.join('; ')}; ${stale.length === 1 ? 'it' : 'they'} may be out of date.`;
}

function day(date: Date): string {
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
