import type { ChatStores, Logger } from '@clarify/chat';
import type { ChatConfig } from '@clarify/config';
import type { Analytics } from '@clarify/db';
import type { IndexDispatch, KnowledgeBase, OperationsEndpoints } from '@clarify/runtime';
import type { OidcLogin } from '../admin/oidc-login';

/** What the console's pages read and change. */
export type WebDeps = {
  kb: KnowledgeBase;
  indexing: IndexDispatch;
  stores: ChatStores;
  analytics: Analytics;
  chat: ChatConfig;
  /** The token that signs an admin in; undefined when only OIDC signs admins in. */
  adminToken: string | undefined;
  /** Sign-in through the company's OpenID Connect provider, when configured. */
  oidc: OidcLogin | undefined;
  /** Signs the cookies and CSRF tokens. */
  secret: Buffer;
  logger: Logger;
  clock: () => Date;
  /** `/readyz` and `/metrics` (a bare `/healthz` when absent). */
  operations?: OperationsEndpoints | undefined;
};
