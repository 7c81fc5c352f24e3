import type { SourceType } from '@clarify/core';
import type { z } from 'zod';
import type { SourceReader } from '../sources/source-reader';

/** One command-line option of a connector (`clarify sources add <type> …`). */
export type ConnectorOption = {
  /** The setting it fills, e.g. `path`; also the YAML key. */
  key: string;
  /** The flag as commander reads it, e.g. `--path <dir>`. */
  flag: string;
  description: string;
  /** Given several times (`--url a --url b`), the setting is a list. */
  repeatable?: boolean;
};

/** What a reader may use besides its settings: secrets, by the variable a setting names. */
export type ConnectorContext = {
  secret: (name: string) => string | undefined;
  /**
   * What the connector keeps between runs of this source (a delta cursor and what it listed),
   * stored with the source. Absent (tests, `clarify index`): the reader lists from scratch.
   */
  state?: SyncState;
};

/** A source's connector state between runs: JSON, saved after a complete listing. */
export type SyncState = {
  load(): Promise<unknown>;
  save(state: unknown): Promise<void>;
};

/**
 * One kind of source: its settings (validated: they come from the command line, a YAML file or
 * the database), the options that set them, and the reader that lists and fetches its
 * documents. A reader's `list()` returns the complete listing or throws (the indexer deletes
 * what a complete listing lacks), reports unreadable documents through `read()` failing, and
 * gives each item a `version` when the place can say cheaply whether it changed.
 */
export type Connector<Settings = unknown> = {
  type: SourceType;
  /** One line for `clarify sources add --help`. */
  summary: string;
  options: readonly ConnectorOption[];
  settings: z.ZodType<Settings>;
  /** Where it reads from, for listings ("./docs", "https://wiki.example.com"). */
  describe(settings: Settings): string;
  reader(settings: Settings, context: ConnectorContext): SourceReader;
};
