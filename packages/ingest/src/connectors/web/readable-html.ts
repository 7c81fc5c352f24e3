import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { escapeHtml } from '../escape-html';

/**
 * A web page reduced to its article (Readability: navigation, sidebars, cookie banners and
 * footers dropped), as HTML with its title as the first heading; the page as it is when
 * Readability finds no article in it.
 */
export function readableHtml(html: string, url: string): string {
  const { document } = parseHTML(html);
  const title = document.querySelector('title')?.textContent?.trim() ?? '';
  let article: { title?: string | null; content?: string | null } | null = null;
  try {
    article = new Readability(document, { charThreshold: 100 }).parse();
  } catch {
    article = null;
  }
  if (!article?.content) return html;
  const heading = escapeHtml(article.title?.trim() || title);
  return `<html><head><title>${heading}</title><base href="${escapeHtml(url)}"></head><body>${
    heading ? `<h1>${heading}</h1>` : ''
  }${article.content}</body></html>`;
}

/** The same-site links of a page, absolute, without fragments. */
export function pageLinks(html: string, url: string): string[] {
  const { document } = parseHTML(html);
  const origin = new URL(url).origin;
  const links = new Set<string>();
  for (const anchor of document.querySelectorAll('a[href]')) {
    const href = anchor.getAttribute('href') ?? '';
    let target: URL;
    try {
      target = new URL(href, url);
    } catch {
      continue;
    }
    if (target.origin !== origin || !/^https?:$/.test(target.protocol)) continue;
    target.hash = '';
    links.add(target.href);
  }
  return [...links].sort();
}
