export {
  chunkMarkdown,
  DEFAULT_CHUNK_OPTIONS,
  MIN_TARGET_CHARS,
  type ChunkOptions,
} from './chunk-markdown';
