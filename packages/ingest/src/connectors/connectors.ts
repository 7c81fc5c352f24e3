import { ClarifyError, type Source, type SourceType } from '@clarify/core';
import type { SourceReader } from '../sources/source-reader';
import type { Connector, ConnectorContext } from './connector';
import { confluenceConnector } from './confluence/confluence-connector';
import { filesConnector } from './files-connector';
import { sharepointConnector } from './sharepoint/sharepoint-connector';
import { webConnector } from './web/web-connector';

/** Every kind of source Clarify reads, by type. */
export const CONNECTORS: Readonly<Record<SourceType, Connector<never>>> = {
  files: filesConnector as Connector<never>,
  web: webConnector as Connector<never>,
  confluence: confluenceConnector as Connector<never>,
  sharepoint: sharepointConnector as Connector<never>,
};

export const SOURCE_TYPES = Object.keys(CONNECTORS) as SourceType[];

export function isSourceType(type: string): type is SourceType {
  return Object.hasOwn(CONNECTORS, type);
}

/** The connector of a type; a clear error naming the types there are otherwise. */
export function connectorFor(type: string): Connector<unknown> {
  const connector = isSourceType(type) ? CONNECTORS[type] : undefined;
  if (connector === undefined) {
    throw new ClarifyError(
      'invalid_input',
      `unknown source type "${type}"; use ${SOURCE_TYPES.join(', ')}`,
    );
  }
  return connector;
}

/**
 * A source's settings checked against its connector; the error names the source and each
 * field that is wrong.
 */
export function checkSourceSettings(
  type: string,
  settings: unknown,
  where: string,
): Record<string, unknown> {
  const parsed = connectorFor(type).settings.safeParse(settings);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'settings'}: ${issue.message}`,
    );
    throw new ClarifyError('invalid_input', `${where}: ${problems.join('; ')}`);
  }
  return parsed.data as Record<string, unknown>;
}

/** The reader of a stored source, its settings checked (they come from the database). */
export function readerForSource(source: Source, context: ConnectorContext): SourceReader {
  const connector = connectorFor(source.type);
  const settings = checkSourceSettings(source.type, source.settings, `source "${source.id}"`);
  return connector.reader(settings, context);
}

/** Where a stored source reads from, for listings; its type when its settings are broken. */
export function describeSource(source: Pick<Source, 'type' | 'settings'>): string {
  const connector = connectorFor(source.type);
  const parsed = connector.settings.safeParse(source.settings);
  return parsed.success ? connector.describe(parsed.data) : `(${source.type}: invalid settings)`;
}
