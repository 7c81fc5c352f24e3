import { ClarifyError } from '@clarify/core';
import { listingFailed, type GraphClient } from './graph-client';
import { deltaPageSchema, type DriveItem } from './graph-shapes';

export type DeltaRead =
  | { kind: 'changes'; items: DriveItem[]; deltaLink: string }
  /** The link is too old or the drive's state changed (410 `resyncRequired`): start again. */
  | { kind: 'expired' };

/**
 * Reads a drive's delta from a link to its end: every `@odata.nextLink` page, until the
 * `@odata.deltaLink` the next run starts from. All or nothing: a failure on any page throws,
 * so a half-read delta is never applied. The items come in Graph's order (the last
 * occurrence of an item is its state). Links are followed only on Graph's own origin, where
 * the token is meant to go.
 */
export async function readDelta(graph: GraphClient, start: string): Promise<DeltaRead> {
  const origin = new URL(graph.url('/')).origin;
  const items: DriveItem[] = [];
  for (let link = start, pages = 0; ; pages += 1) {
    if (new URL(link).origin !== origin) {
      throw new ClarifyError(
        'source_unreadable',
        `a delta link leads away from ${origin}: ${link}`,
      );
    }
    const page = await graph.getJson(link, deltaPageSchema);
    if (!page.ok) {
      if (page.status === 410) return { kind: 'expired' };
      throw listingFailed(`reading the drive's changes (page ${pages + 1})`, page);
    }
    items.push(...page.value.value);
    const next = page.value['@odata.nextLink'];
    const deltaLink = page.value['@odata.deltaLink'];
    if (next !== undefined) link = next;
    else if (deltaLink !== undefined) return { kind: 'changes', items, deltaLink };
    else {
      throw new ClarifyError(
        'source_unreadable',
        `a delta page came without @odata.nextLink or @odata.deltaLink (page ${pages + 1})`,
        { retryable: true },
      );
    }
  }
}
