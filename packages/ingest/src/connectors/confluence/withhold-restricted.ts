import type { WithheldItem } from '../../sources/source-reader';
import { isRestricted, type ListedContent } from './confluence-schemas';

/**
 * The pages anyone who can see the space can read, and the others withheld with why. A view
 * restriction on a page hides its whole subtree, so a page is withheld when it, or any of its
 * ancestors, has one. An ancestor outside the listing (a folder, or a page past `maxPages`) is
 * asked for its restriction (`restrictionOf`, once each); when that cannot be found out (null),
 * the page is withheld too: a page is only indexed when it is known to be open.
 */
export async function withholdRestricted<Page extends ListedContent>(
  pages: readonly Page[],
  restrictionOf: (id: string) => Promise<boolean | null>,
): Promise<{ open: Page[]; withheld: WithheldItem[] }> {
  const known = new Map<string, boolean | null>(
    pages.map((page) => [page.id, isRestricted(page.restrictions.read)]),
  );
  const restricted = async (id: string): Promise<boolean | null> => {
    if (!known.has(id)) known.set(id, await restrictionOf(id));
    return known.get(id) ?? null;
  };
  const open: Page[] = [];
  const withheld: WithheldItem[] = [];
  for (const page of pages) {
    const reason = await withholdingReason(page, restricted);
    if (reason === null) open.push(page);
    else withheld.push({ externalId: page.id, reason });
  }
  return { open, withheld };
}

async function withholdingReason(
  page: ListedContent,
  restricted: (id: string) => Promise<boolean | null>,
): Promise<string | null> {
  if (await restricted(page.id)) {
    return `"${page.title}" has view restrictions in Confluence: only some people may see it`;
  }
  // The parent first: the nearest restriction is the one worth naming.
  for (const ancestor of [...page.ancestors].reverse()) {
    const state = await restricted(ancestor.id);
    if (state === null) {
      return `"${page.title}": the view restrictions of its ancestor "${ancestor.title}" (${ancestor.id}) could not be checked`;
    }
    if (state) {
      return `"${page.title}" inherits view restrictions from "${ancestor.title}" (${ancestor.id})`;
    }
  }
  return null;
}
