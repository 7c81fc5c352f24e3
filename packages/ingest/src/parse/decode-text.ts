const decoder = new TextDecoder('utf-8');

/** Decodes UTF-8 (invalid bytes become U+FFFD), drops a byte-order mark and normalises line ends to LF. */
export function decodeText(bytes: Uint8Array): string {
  return normaliseNewlines(decoder.decode(bytes));
}

/** CRLF and lone CR become LF; a leading byte-order mark is removed. */
export function normaliseNewlines(text: string): string {
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}
