import { AuthenticationConstants } from 'botframework-connector';
// botbuilder's key cache is shared by URL, but the class that fills it is not in the package's
// index; the module path has been stable across botbuilder 4.x.
import { JwtTokenExtractor } from 'botframework-connector/lib/auth/jwtTokenExtractor';
import type { Logger } from '@clarify/chat';

/** How long start-up waits for the keys; the fetch goes on in the background after that. */
const WARM_UP_WAIT_MS = 5_000;

/**
 * Fills botbuilder's cache of the channel's signing keys before the app takes requests.
 * botbuilder fetches them on the first request, and again for every request that arrives while
 * that fetch is under way: a burst right after a start (Teams redelivering, a busy channel) would
 * fetch the OpenID configuration and the keys once per request, each request waiting its turn.
 * A failure is logged and left to botbuilder, which fetches on the next request as before.
 */
export async function warmSigningKeys(
  metadataUrl: string = AuthenticationConstants.ToBotFromChannelOpenIdMetadataUrl,
  logger: Pick<Logger, 'warn'>,
): Promise<void> {
  const extractor = new JwtTokenExtractor(
    {},
    metadataUrl,
    AuthenticationConstants.AllowedSigningAlgorithms,
  );
  let timer: NodeJS.Timeout | undefined;
  const fetched = extractor.openIdMetadata.getKey('').then(
    () => 'fetched' as const,
    (error: unknown) => {
      logger.warn({ err: error, metadataUrl }, 'could not fetch the signing keys; will retry');
      return 'failed' as const;
    },
  );
  const waited = new Promise<'slow'>((resolve) => {
    timer = setTimeout(() => resolve('slow'), WARM_UP_WAIT_MS);
  });
  const outcome = await Promise.race([fetched, waited]);
  clearTimeout(timer);
  if (outcome === 'slow') {
    logger.warn({ metadataUrl }, 'the signing keys are slow to come; starting without them');
  }
}
