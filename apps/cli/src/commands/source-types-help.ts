import { CONNECTORS } from '@clarify/ingest';

/** `clarify sources add --help`'s closing part: each type, what it reads and its options. */
export function sourceTypesHelp(): string {
  const lines = ['', 'Source types and their options:'];
  for (const connector of Object.values(CONNECTORS)) {
    lines.push(`  ${connector.type}: ${connector.summary}`);
    for (const option of connector.options) {
      lines.push(`    ${option.flag.padEnd(22)} ${option.description}`);
    }
  }
  lines.push(
    '',
    'Examples:',
    '  clarify sources add files --id handbook --path ./handbook --schedule "0 3 * * *"',
    '  clarify sources add web --id intranet --url https://intranet.example.com/sitemap.xml',
    '  clarify sources add confluence --id wiki --base-url https://acme.atlassian.net --space HR \\',
    '    --email bot@acme.com --token-env CONFLUENCE_TOKEN',
    '  clarify sources add sharepoint --id policies --site-url https://contoso.sharepoint.com/sites/hr \\',
    '    --tenant-id <tenant> --client-id <app> --client-secret-env SHAREPOINT_SECRET',
    '  clarify reindex handbook',
  );
  return `${lines.join('\n')}\n`;
}
