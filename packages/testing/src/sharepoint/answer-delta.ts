import { driveItemJson } from './drive-item-json';
import type { FakeDrive, FakeDriveItem } from './fake-drive';

/** What a delta request answers: a page of items and the next link, or the 410 of an old token. */
export type DeltaAnswer =
  | { status: 200; body: Record<string, unknown> }
  | { status: 410; location: string; body: Record<string, unknown> };

/** The delta token as this fake encodes it (opaque to clients, as Graph's is). */
type DeltaCursor = {
  /** The epoch it was issued in: `expireDeltaTokens()` starts a new one. */
  epoch: number;
  /** Changes after this counter value (0: the whole drive). */
  since: number;
  /** Within one enumeration: the position of the last item already sent. */
  after: number;
  /** The counter when a whole-drive enumeration began: deletions after it are sent. */
  began: number;
};

/**
 * One page of `/root/delta` (`token` from the link's query; null for the first request).
 * A whole-drive enumeration goes in the order items last changed (parents before what was
 * added to them); a later delta carries what changed since its token, the folders a change
 * inside had sent again, and deletions as `deleted` facets. An item that changes during an
 * enumeration is sent again later in it: the last occurrence wins, as in Graph.
 */
export function answerDelta(
  drive: FakeDrive,
  token: string | null,
  options: { pageSize: number; baseUrl: string },
): DeltaAnswer {
  const link = (cursor: DeltaCursor) => `${options.baseUrl}?token=${encode(cursor)}`;
  const next = () => link({ epoch: drive.epoch(), since: drive.seq(), after: 0, began: 0 });
  if (token === 'latest') return { status: 200, body: { value: [], '@odata.deltaLink': next() } };
  const cursor =
    token === null
      ? { epoch: drive.epoch(), since: 0, after: 0, began: drive.seq() }
      : decode(token);
  if (cursor === undefined || cursor.epoch !== drive.epoch()) {
    return { status: 410, location: options.baseUrl, body: RESYNC_REQUIRED };
  }
  const fresh = cursor.since === 0;
  const position = (item: FakeDriveItem) => (fresh ? item.seq : Math.max(item.seq, item.resentSeq));
  const pending = [...drive.items.values()]
    .filter(
      (item) =>
        position(item) > Math.max(cursor.since, cursor.after) &&
        (!item.deleted || !fresh || item.seq > cursor.began),
    )
    .sort((a, b) => position(a) - position(b));
  const page = pending.slice(0, options.pageSize);
  const last = page.at(-1);
  return {
    status: 200,
    body: {
      '@odata.context': `${options.baseUrl.replace(/\/drives\/.*$/, '')}/$metadata#Collection(driveItem)`,
      value: page.map((item) => driveItemJson(drive, item, true)),
      ...(pending.length > options.pageSize && last
        ? { '@odata.nextLink': link({ ...cursor, after: position(last) }) }
        : { '@odata.deltaLink': next() }),
    },
  };
}

const RESYNC_REQUIRED = {
  error: {
    code: 'resyncRequired',
    message:
      'Resync required. Replace any local items with the server’s version (including deletes) if you’re sure that the service was up to date with your local changes when you last sync’d. Upload any local changes that the server doesn’t know about.',
    innerError: { code: 'resyncChangesApplyDifferences' },
  },
};

function encode(cursor: DeltaCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decode(token: string): DeltaCursor | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as DeltaCursor;
    return typeof parsed.since === 'number' && typeof parsed.epoch === 'number'
      ? parsed
      : undefined;
  } catch {
    return undefined;
  }
}
