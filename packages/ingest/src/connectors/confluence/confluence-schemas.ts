import { z } from 'zod';

// The parts of Confluence Cloud's answers the connector reads, checked at the edge. Objects keep
// zod's default of dropping unknown keys: the API adds fields, never a reason to fail.

const subjects = z.object({
  results: z.array(z.unknown()),
  /** How many there are, when more than `results` holds (the list is paginated). */
  size: z.number().optional(),
});

/**
 * A read (view) restriction: the users and groups it lets see the content. Both lists are
 * required: an answer without them (the expansion not honoured) cannot say a page is open.
 */
export const readRestrictionSchema = z.object({
  restrictions: z.object({ user: subjects, group: subjects }),
});

/** `GET /wiki/rest/api/space/{key}`: only that it answers matters. */
export const spaceSchema = z.object({ key: z.string() });

/** One result of `GET /wiki/rest/api/content/search` with `expand=version,ancestors,…`. */
export const listedContentSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  version: z.object({ number: z.number().int(), when: z.string() }),
  /** Outermost first: the space's home page, then down to the parent. */
  ancestors: z.array(z.object({ id: z.string().min(1), title: z.string() })),
  restrictions: z.object({ read: readRestrictionSchema }),
  _links: z.object({ webui: z.string().optional() }).optional(),
});

/** A page of search results; `_links.next` (relative to /wiki) while there are more. */
export const searchPageSchema = z.object({
  results: z.array(z.unknown()),
  _links: z.object({ next: z.string().optional() }).optional(),
});

/** `GET /wiki/api/v2/pages/{id}?body-format=storage`. */
export const pageBodySchema = z.object({
  id: z.string(),
  title: z.string(),
  version: z.object({ number: z.number().int() }),
  body: z.object({ storage: z.object({ value: z.string() }) }),
});

export type ListedContent = z.infer<typeof listedContentSchema>;
export type ReadRestriction = z.infer<typeof readRestrictionSchema>;

/** Whether a read restriction names anyone: then only they may see the content. */
export function isRestricted(restriction: ReadRestriction): boolean {
  const count = (list: z.infer<typeof subjects>) => Math.max(list.size ?? 0, list.results.length);
  return count(restriction.restrictions.user) > 0 || count(restriction.restrictions.group) > 0;
}
