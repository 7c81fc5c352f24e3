import { parseHTML } from 'linkedom';
import { escapeHtml } from '../escape-html';

/** What a link to another page needs to become a URL: the site and the page's own space. */
export type StorageContext = {
  /** The site, e.g. https://acme.atlassian.net (no `/wiki`). */
  siteUrl: string;
  /** The space a `ri:page` without `ri:space-key` is in: the page's own. */
  spaceKey: string;
};

/** Macros whose body is a panel: their text is kept, in a quote headed by their kind. */
const panelLabels: Readonly<Record<string, string>> = {
  info: 'Info',
  note: 'Note',
  warning: 'Warning',
  tip: 'Tip',
  panel: '',
};

/** Elements HTML closes by itself; any other element written `<x/>` in XHTML is given its end tag. */
const voidElements = new Set([
  ...['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta'],
  ...['param', 'source', 'track', 'wbr'],
]);

/**
 * The little of the DOM used here, as linkedom implements it. Named here rather than taken from
 * the DOM library: packages that type-check this file through their imports do not load it.
 */
type DomNode = { textContent: string | null };
type DomElement = DomNode & {
  nodeName: string;
  children: ArrayLike<DomElement>;
  childNodes: ArrayLike<DomNode>;
  ownerDocument: DomDocument;
  innerHTML: string;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  append(...nodes: (DomNode | string)[]): void;
  replaceWith(...nodes: (DomNode | string)[]): void;
  remove(): void;
};
type DomDocument = {
  body: DomElement;
  createElement(name: string): DomElement;
  querySelectorAll(selectors: string): ArrayLike<DomElement>;
};

const cdataSection = /<!\[CDATA\[([\s\S]*?)\]\]>/g;
const selfClosingTag =
  /<([a-z][\w:-]*)((?:\s+[^\s"'=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'))?)*)\s*\/>/gi;

/**
 * A page body in Confluence's storage format (XHTML with `ac:` macros and `ri:` resources) as
 * plain HTML for the HTML→Markdown path: code macros become `<pre><code>` (fenced, with their
 * language), info/note/warning/tip panels become quotes that keep their text, links to pages,
 * URLs and attachments become links or their text, task lists become lists with [ ]/[x], and
 * any other macro loses its markup and parameters but keeps the text of its body. The page's
 * headings are moved one level down: the page title is the document's only top heading.
 *
 * Storage format is XML, but its entities are HTML's (`&nbsp;`, `&rsquo;`), so it is parsed as
 * HTML once its CDATA sections are escaped and its self-closed elements given end tags (an HTML
 * parser would otherwise leave `<ri:page … />` open around the text after it).
 */
export function storageToHtml(storage: string, context: StorageContext): string {
  const markup = storage
    .replace(cdataSection, (_match, text: string) => escapeHtml(text))
    .replace(selfClosingTag, (match, name: string, attributes: string) =>
      voidElements.has(name.toLowerCase()) ? match : `<${name}${attributes}></${name}>`,
    );
  const { document } = parseHTML(
    `<!doctype html><html><body>${markup}</body></html>`,
  ) as unknown as { document: DomDocument };
  const build = (name: string, text?: string): DomElement => {
    const element = document.createElement(name);
    if (text !== undefined) element.textContent = text;
    return element;
  };

  demoteHeadings(document, build);
  // Last first: a macro nested in another one is converted before its container is.
  for (const macro of all(document, 'ac\\:structured-macro, ac\\:macro').reverse()) {
    macro.replaceWith(...convertMacro(macro, build));
  }
  for (const link of all(document, 'ac\\:link')) link.replaceWith(...convertLink(link, context));
  for (const list of all(document, 'ac\\:task-list'))
    list.replaceWith(convertTaskList(list, build));
  for (const image of all(document, 'ac\\:image')) {
    const alt = image.getAttribute('ac:alt')?.trim();
    image.replaceWith(...(alt ? [alt] : []));
  }
  for (const emoticon of all(document, 'ac\\:emoticon')) {
    emoticon.replaceWith(emoticon.getAttribute('ac:emoji-fallback') ?? '');
  }
  for (const time of all(document, 'time')) {
    if (!time.textContent?.trim()) time.textContent = time.getAttribute('datetime') ?? '';
  }
  for (const dropped of all(document, 'ac\\:placeholder, ac\\:parameter')) dropped.remove();
  // Whatever markup of Confluence's own is left (layouts, inline comment markers, unknown
  // elements) is unwrapped: its text stays where it was.
  for (const element of all(document, 'body *').reverse()) {
    if (element.nodeName.includes(':')) element.replaceWith(...Array.from(element.childNodes));
  }
  return document.body.innerHTML;
}

type Build = (name: string, text?: string) => DomElement;

function convertMacro(macro: DomElement, build: Build): DomNode[] {
  const name = (macro.getAttribute('ac:name') ?? '').toLowerCase();
  const parameter = (key: string) => parameterOf(macro, key);
  const body = childByName(macro, 'ac:rich-text-body');
  const bodyNodes = body ? Array.from(body.childNodes) : [];
  const plainText = childByName(macro, 'ac:plain-text-body')?.textContent ?? '';

  if (name === 'code' || name === 'noformat') {
    const pre = build('pre');
    const code = build('code', plainText.replace(/^\n+|\s+$/g, ''));
    const language = parameter('language');
    if (language) code.setAttribute('class', `language-${language.toLowerCase()}`);
    pre.append(code);
    return [pre];
  }
  const label = panelLabels[name];
  if (label !== undefined) {
    const quote = build('blockquote');
    const heading = [label, parameter('title')].filter(Boolean).join(': ');
    if (heading) {
      const paragraph = build('p');
      paragraph.append(build('strong', heading));
      quote.append(paragraph);
    }
    quote.append(...bodyNodes);
    return [quote];
  }
  if (name === 'expand') {
    const section = build('div');
    const title = parameter('title');
    if (title) {
      const paragraph = build('p');
      paragraph.append(build('strong', title));
      section.append(paragraph);
    }
    section.append(...bodyNodes);
    return [section];
  }
  if (name === 'status') {
    const title = parameter('title');
    return title ? [build('span', `[${title}]`)] : [];
  }
  // Any other macro: its body's text, never its parameters (they are settings, not content).
  if (body) return bodyNodes;
  if (plainText.trim()) return [build('p', plainText)];
  return [];
}

/** A link to a page, a URL, an attachment or a space: an `<a>` where there is a URL, else text. */
function convertLink(link: DomElement, context: StorageContext): (DomNode | string)[] {
  const richBody = childByName(link, 'ac:link-body');
  const plainBody = childByName(link, 'ac:plain-text-link-body')?.textContent?.trim();
  const target = Array.from(link.children).find((child) => child.nodeName.startsWith('RI:'));
  const kind = target?.nodeName.toLowerCase();
  const attribute = (name: string) => target?.getAttribute(name)?.trim() || undefined;

  let href: string | undefined;
  let name: string | undefined;
  if (kind === 'ri:page' || kind === 'ri:blog-post') {
    name = attribute('ri:content-title');
    const space = attribute('ri:space-key') ?? context.spaceKey;
    if (name && kind === 'ri:page')
      href = `${context.siteUrl}/wiki/display/${urlPart(space)}/${urlPart(name)}`;
  } else if (kind === 'ri:url') {
    href = attribute('ri:value');
    name = href;
  } else if (kind === 'ri:attachment') {
    name = attribute('ri:filename');
  } else if (kind === 'ri:space') {
    name = attribute('ri:space-key');
    if (name) href = `${context.siteUrl}/wiki/spaces/${urlPart(name)}`;
  }
  const anchor = link.getAttribute('ac:anchor')?.trim();
  const content: (DomNode | string)[] = richBody
    ? Array.from(richBody.childNodes)
    : [plainBody || name || anchor || ''];
  if (href === undefined && anchor === undefined) return content;
  const element = link.ownerDocument.createElement('a');
  element.setAttribute('href', `${href ?? ''}${anchor ? `#${urlPart(anchor)}` : ''}`);
  element.append(...content);
  return [element];
}

/** `ac:task-list` as a list whose items start with [ ] or [x]. */
function convertTaskList(list: DomElement, build: Build): DomElement {
  const items = build('ul');
  for (const task of Array.from(list.children).filter((child) => child.nodeName === 'AC:TASK')) {
    const done = childByName(task, 'ac:task-status')?.textContent?.trim() === 'complete';
    const item = build('li', done ? '[x] ' : '[ ] ');
    const body = childByName(task, 'ac:task-body');
    if (body) item.append(...Array.from(body.childNodes));
    items.append(item);
  }
  return items;
}

/** h1 → h2 … h5 → h6 (h6 stays): the title above them is the document's h1. */
function demoteHeadings(document: DomDocument, build: Build): void {
  for (const heading of all(document, 'h1, h2, h3, h4, h5')) {
    const level = Number(heading.nodeName.slice(1));
    const lower = build(`h${level + 1}`);
    lower.append(...Array.from(heading.childNodes));
    heading.replaceWith(lower);
  }
}

function parameterOf(macro: DomElement, key: string): string | undefined {
  const parameter = Array.from(macro.children).find(
    (child) => child.nodeName === 'AC:PARAMETER' && child.getAttribute('ac:name') === key,
  );
  return parameter?.textContent?.trim() || undefined;
}

function childByName(element: DomElement, name: string): DomElement | undefined {
  const upper = name.toUpperCase();
  return Array.from(element.children).find((child) => child.nodeName === upper);
}

function all(document: DomDocument, selector: string): DomElement[] {
  return Array.from(document.querySelectorAll(selector));
}

function urlPart(text: string): string {
  return encodeURIComponent(text).replace(/%20/g, '+');
}
