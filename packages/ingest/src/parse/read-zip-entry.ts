import { inflateRawSync } from 'node:zlib';

const endOfCentralDirectory = 0x06054b50;
const centralDirectoryEntry = 0x02014b50;
const localFileHeader = 0x04034b50;
const maxCommentBytes = 0xffff;

/**
 * Reads one file out of a zip archive, or returns null when the archive has no such entry.
 * Only what Office files use: stored or deflated entries, no ZIP64. Throws on a damaged archive.
 */
export function readZipEntry(
  archive: Uint8Array,
  name: string,
  maxBytes: number,
): Uint8Array | null {
  const view = new DataView(archive.buffer, archive.byteOffset, archive.byteLength);
  const end = findEndOfCentralDirectory(view);
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  const decoder = new TextDecoder();
  for (let index = 0; index < count; index += 1) {
    if (view.getUint32(offset, true) !== centralDirectoryEntry)
      throw new Error('damaged zip directory');
    const method = view.getUint16(offset + 10, true);
    const compressedSize = view.getUint32(offset + 20, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const localOffset = view.getUint32(offset + 42, true);
    const entryName = decoder.decode(archive.subarray(offset + 46, offset + 46 + nameLength));
    if (entryName === name)
      return readData(view, archive, { localOffset, method, compressedSize, maxBytes });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return null;
}

function findEndOfCentralDirectory(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - 22 - maxCommentBytes);
  for (let offset = view.byteLength - 22; offset >= lowest; offset -= 1) {
    if (view.getUint32(offset, true) === endOfCentralDirectory) return offset;
  }
  throw new Error('not a zip archive');
}

type EntryLocation = {
  localOffset: number;
  method: number;
  compressedSize: number;
  maxBytes: number;
};

function readData(view: DataView, archive: Uint8Array, entry: EntryLocation): Uint8Array {
  if (view.getUint32(entry.localOffset, true) !== localFileHeader)
    throw new Error('damaged zip entry');
  const nameLength = view.getUint16(entry.localOffset + 26, true);
  const extraLength = view.getUint16(entry.localOffset + 28, true);
  const start = entry.localOffset + 30 + nameLength + extraLength;
  if (start + entry.compressedSize > archive.byteLength) throw new Error('truncated zip entry');
  const data = archive.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) {
    if (data.byteLength > entry.maxBytes) throw new Error('zip entry too large');
    return data;
  }
  if (entry.method === 8) return inflateRawSync(data, { maxOutputLength: entry.maxBytes });
  throw new Error(`unsupported zip compression method ${entry.method}`);
}
