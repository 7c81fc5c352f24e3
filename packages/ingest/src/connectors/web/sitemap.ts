/** One page a sitemap lists, with its last modification when given. */
export type SitemapEntry = { loc: string; lastmod?: string };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * The entries of a sitemap (`<urlset>`: pages) or a sitemap index (`<sitemapindex>`: further
 * sitemaps), by the sitemap protocol; null when the text is neither.
 */
export function parseSitemap(
  xml: string,
): { kind: 'pages' | 'sitemaps'; entries: SitemapEntry[] } | null {
  const kind = /<urlset[\s>]/.test(xml)
    ? 'pages'
    : /<sitemapindex[\s>]/.test(xml)
      ? 'sitemaps'
      : null;
  if (kind === null) return null;
  const element = kind === 'pages' ? 'url' : 'sitemap';
  const entries: SitemapEntry[] = [];
  for (const match of xml.matchAll(new RegExp(`<${element}>([\\s\\S]*?)</${element}>`, 'g'))) {
    const body = match[1] ?? '';
    const loc = text(/<loc>([\s\S]*?)<\/loc>/.exec(body)?.[1]);
    if (!loc) continue;
    const lastmod = text(/<lastmod>([\s\S]*?)<\/lastmod>/.exec(body)?.[1]);
    entries.push({ loc, ...(lastmod && { lastmod }) });
  }
  return { kind, entries };
}

function text(raw: string | undefined): string | undefined {
  return raw
    ?.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .trim();
}

/** A URL that names a sitemap by the usual convention. */
export function looksLikeSitemap(url: string): boolean {
  return /sitemap[^/]*\.xml$/i.test(new URL(url).pathname);
}
