import type { HistoryTurn } from '@clarify/core';
import type { Logger } from '@clarify/chat';
import { graphHistory } from './graph-history';
import type { ReplyChainPlace } from './graph-message';
import { GraphError, type GraphTokens } from './graph-tokens';
import { readReplyChain } from './read-reply-chain';

/** A reply chain's messages before one of them, as core reads a thread; undefined if unknown. */
export type ThreadReader = (
  place: ReplyChainPlace,
  beforeId: string,
) => Promise<HistoryTurn[] | undefined>;

/** How long a team that refused the app (no consent) is not asked again. */
const REFUSED_FOR_MS = 60 * 60 * 1000;
const MAX_REFUSED = 1_000;

/**
 * Reads channel reply chains through Microsoft Graph. Without the consent (403), the team is
 * left alone for an hour and the stored turns serve, with one log line saying what to grant;
 * any other failure is logged and the stored turns serve too. Never throws.
 */
export function createGraphThreadReader(options: {
  appId: string;
  tokens: GraphTokens;
  graphUrl: string;
  timeoutMs: number;
  logger: Logger;
  now?: () => number;
}): ThreadReader {
  const now = options.now ?? Date.now;
  const refusedUntil = new Map<string, number>();
  return async (place, beforeId) => {
    if (place.rootId === beforeId) return [];
    const refused = refusedUntil.get(place.teamGroupId);
    if (refused !== undefined && refused > now()) return undefined;
    try {
      const token = await options.tokens.token(place.tenantId);
      const messages = await readReplyChain({
        graphUrl: options.graphUrl,
        token,
        place,
        timeoutMs: options.timeoutMs,
      });
      refusedUntil.delete(place.teamGroupId);
      return graphHistory(messages, { appId: options.appId, beforeId });
    } catch (error) {
      const status = error instanceof GraphError ? error.status : undefined;
      if (status === 403 || status === 401) {
        if (refused === undefined) {
          options.logger.warn(
            { team: place.teamGroupId, status },
            'Graph refused to read this team’s channel messages: grant the app’s ChannelMessage.Read.Group permission (install or update the app in the team); using the stored turns',
          );
        }
        refusedUntil.set(place.teamGroupId, now() + REFUSED_FOR_MS);
        if (refusedUntil.size > MAX_REFUSED)
          refusedUntil.delete(refusedUntil.keys().next().value ?? '');
      } else {
        options.logger.warn(
          { err: error },
          'could not read the reply chain; using the stored turns',
        );
      }
      return undefined;
    }
  };
}
