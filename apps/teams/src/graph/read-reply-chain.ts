import type { GraphMessage, ReplyChainPlace } from './graph-message';
import { GraphError } from './graph-tokens';

/** Replies read at most: a thread's history is its last turns, and Graph pages by 50. */
const MAX_REPLIES = 200;
const PAGE_SIZE = 50;

/**
 * A channel reply chain through Microsoft Graph: its root message and its replies (every page,
 * up to 200), with an app-only token (resource-specific consent `ChannelMessage.Read.Group`).
 */
export async function readReplyChain(options: {
  graphUrl: string;
  token: string;
  place: ReplyChainPlace;
  timeoutMs: number;
}): Promise<GraphMessage[]> {
  const { place } = options;
  const root = `${options.graphUrl.replace(/\/+$/, '')}/v1.0/teams/${encodeURIComponent(
    place.teamGroupId,
  )}/channels/${encodeURIComponent(place.channelId)}/messages/${encodeURIComponent(place.rootId)}`;
  const get = (url: string) => getJson(url, options.token, options.timeoutMs);
  const [first, replies] = await Promise.all([
    get(root) as Promise<GraphMessage>,
    (async () => {
      const messages: GraphMessage[] = [];
      let next: string | undefined = `${root}/replies?$top=${PAGE_SIZE}`;
      while (next !== undefined && messages.length < MAX_REPLIES) {
        const page = (await get(next)) as { value?: GraphMessage[]; '@odata.nextLink'?: string };
        messages.push(...(page.value ?? []));
        next = page['@odata.nextLink'];
      }
      return messages;
    })(),
  ]);
  return [first, ...replies];
}

async function getJson(url: string, token: string, timeoutMs: number): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new GraphError(`Graph did not answer: ${(error as Error).message}`, 0);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new GraphError(`Graph answered ${response.status}`, response.status);
  }
  return response.json();
}
