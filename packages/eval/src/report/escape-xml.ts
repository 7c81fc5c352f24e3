// Control characters other than tab, newline and carriage return are not allowed anywhere in
// XML 1.0, not even escaped, so a name carrying one would make the whole SVG unreadable.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text safe inside an XML element or a quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(FORBIDDEN_IN_XML, '').replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}
