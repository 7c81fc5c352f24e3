import type { WebConfig } from '@clarify/config';
import type { WebConsoleOptions } from './start-web-console';

/** The console's own options as its configuration sets them (the CLI may replace the token). */
export function optionsFromConfig(
  web: WebConfig,
): Pick<
  WebConsoleOptions,
  'chat' | 'host' | 'port' | 'questionsPerMinute' | 'adminToken' | 'secret' | 'oidc' | 'publicUrl'
> {
  return {
    chat: web,
    host: web.host,
    port: web.port,
    questionsPerMinute: web.questionsPerMinute,
    adminToken: web.adminToken,
    ...(web.secret && { secret: web.secret }),
    ...(web.oidc && { oidc: web.oidc }),
    ...(web.publicUrl && { publicUrl: web.publicUrl }),
  };
}
