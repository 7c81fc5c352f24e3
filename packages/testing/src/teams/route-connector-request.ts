export type ConnectorCallKind = 'send' | 'reply' | 'update' | 'delete';

/** A Connector API route, with its path segments decoded. */
export type ConnectorRoute = {
  kind: ConnectorCallKind;
  conversationId: string;
  /** The activity in the path: the one replied to, updated or deleted. */
  pathActivityId: string | undefined;
};

/**
 * Matches the activity routes of the Bot Connector REST API under `/v3/conversations/`. The
 * ConnectorClient URL-encodes the conversation id (`19:abc@thread.tacv2;messageid=123`), so each
 * segment is decoded; a segment that does not decode matches nothing.
 */
export function routeConnectorRequest(method: string, rawUrl: string): ConnectorRoute | undefined {
  const segments = decodeSegments(rawUrl.split('?')[0] ?? '');
  if (segments === undefined) return undefined;
  const [v3, conversations, conversationId, activities, activityId, ...rest] = segments;
  if (v3 !== 'v3' || conversations !== 'conversations' || activities !== 'activities') {
    return undefined;
  }
  if (conversationId === undefined || rest.length > 0) return undefined;
  const kind = kindOf(method, activityId !== undefined);
  return kind === undefined ? undefined : { kind, conversationId, pathActivityId: activityId };
}

function kindOf(method: string, hasActivityId: boolean): ConnectorCallKind | undefined {
  if (method === 'POST') return hasActivityId ? 'reply' : 'send';
  if (method === 'PUT' && hasActivityId) return 'update';
  if (method === 'DELETE' && hasActivityId) return 'delete';
  return undefined;
}

/** The non-empty path segments, decoded (a doubled slash after the service URL is tolerated). */
function decodeSegments(path: string): string[] | undefined {
  try {
    return path
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}
