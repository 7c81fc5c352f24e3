export { isSupportedPath, parseDocument, SUPPORTED_EXTENSIONS } from './parse-document';
export type { DocumentInput } from './document-input';
export { parseDocx } from './parse-docx';
export { parseHtml } from './parse-html';
export { parseMarkdown } from './parse-markdown';
export { parsePdf } from './parse-pdf';
export { parseText } from './parse-text';
export { escapePlainText } from './escape-plain-text';
