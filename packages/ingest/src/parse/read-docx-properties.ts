import { unzipSync } from 'fflate';

/** The core document properties Word stores in `docProps/core.xml`. */
export type DocxProperties = {
  title: string | null;
  creator: string | null;
  modified: Date | null;
};

const maxCorePropertiesBytes = 1024 * 1024;
const none: DocxProperties = { title: null, creator: null, modified: null };

/** Reads title, author and modification date from a .docx; missing or unreadable ones are null. */
export function readDocxProperties(archive: Uint8Array): DocxProperties {
  let xml: string;
  try {
    const entries = unzipSync(archive, {
      filter: (file) =>
        file.name === 'docProps/core.xml' && file.originalSize <= maxCorePropertiesBytes,
    });
    const entry = entries['docProps/core.xml'];
    if (!entry) return none;
    xml = new TextDecoder().decode(entry);
  } catch {
    return none;
  }
  const modifiedText = elementText(xml, 'modified');
  const modified = modifiedText === null ? null : new Date(modifiedText);
  return {
    title: elementText(xml, 'title'),
    creator: elementText(xml, 'creator'),
    modified: modified && !Number.isNaN(modified.getTime()) ? modified : null,
  };
}

function elementText(xml: string, localName: string): string | null {
  const pattern = new RegExp(
    `<(?:\\w+:)?${localName}\\b[^>]*>([\\s\\S]*?)</(?:\\w+:)?${localName}>`,
  );
  const text = decodeXmlEntities(pattern.exec(xml)?.[1] ?? '').trim();
  return text === '' ? null : text;
}

function decodeXmlEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, code: string) => {
    if (code.startsWith('#x') || code.startsWith('#X'))
      return safeCodePoint(parseInt(code.slice(2), 16), entity);
    if (code.startsWith('#')) return safeCodePoint(parseInt(code.slice(1), 10), entity);
    return named[code] ?? entity;
  });
}

function safeCodePoint(value: number, fallback: string): string {
  return value >= 0 && value <= 0x10ffff ? String.fromCodePoint(value) : fallback;
}
